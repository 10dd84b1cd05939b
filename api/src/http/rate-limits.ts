import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { API_ERRORS } from '@stickerdrop/shared';
import { type Config, type RateLimitName } from '@stickerdrop/core';
import { HttpError } from './errors.js';

/**
 * Which limit covers which route. Every other write (any method but GET and HEAD) gets `write`, so a new
 * endpoint is limited without anyone remembering to list it; a GET appears here only when it writes.
 */
export const ROUTE_LIMITS: Record<string, RateLimitName | 'none'> = {
  'POST /api/auth/telegram': 'signIn',
  'POST /api/auth/demo': 'signIn',
  'POST /api/auth/refresh': 'signIn',
  'POST /api/auth/login-code': 'loginCode',
  // The waiting page polls this; codes are unguessable, the limit only bounds the load.
  'GET /api/auth/login-code/:code': 'loginCodePoll',
  'POST /api/marketplace/buy': 'buy',
  'POST /api/stickers': 'upload',
  'POST /api/stickers/:id/like': 'like',
  'POST /api/packs/:id/reports': 'report',
  // Issues a single-use payload row per call.
  'GET /api/auth/ton-proof/payload': 'write',
  // Stripe signs these and retries on any refusal: a limit could only delay a paid order.
  'POST /api/payments/stripe/webhook': 'none',
};

/** The limit of a route, by the table above; undefined for reads. */
export function limitOf(method: string, url: string): RateLimitName | undefined {
  const listed = ROUTE_LIMITS[`${method} ${url}`];
  if (listed) return listed === 'none' ? undefined : listed;
  return method === 'GET' || method === 'HEAD' ? undefined : 'write';
}

/**
 * 429 `{ error }` with Retry-After on the routes above, counted per signed-in user (so people behind one
 * carrier NAT do not share a budget), else per client address. With REDIS_URL the counts live in Redis and
 * hold across replicas; otherwise in this process's memory.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config['rateLimits']): Promise<void> {
  // Runs before the plugin's own onRoute hook (registered next), which reads `config.rateLimit`.
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const name = limitOf(method, route.url);
      if (!name) continue;
      const { max, windowMs } = config.limits[name];
      route.config = { ...route.config, rateLimit: { max, timeWindow: windowMs } };
    }
  });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: config.redisPrefix,
    keyGenerator: (request: FastifyRequest) =>
      // normalizeIP: one IPv6 /64 is one client, as the plugin's own key would have it.
      request.userId === null ? `ip:${normalizeIP(request.ip)}` : `user:${request.userId}`,
    // A Redis outage must not stop people buying: count nothing until it is back, and say so.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `${API_ERRORS.tooManyRequests}; try again in ${context.after}`),
  });
}

async function connectRedis(url: string, app: FastifyInstance): Promise<Redis> {
  // Loaded only with REDIS_URL: a single process never needs it, and it was ~60 ms of every start.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail a count at once while disconnected (skipOnError lets the request through) rather than queue it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  // ioredis reconnects by itself; unheard, an outage would crash the process as an unhandled 'error'.
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate limits: Redis unavailable; not counting'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL for rate limits: ${(error as Error).message}`);
  }
  return redis;
}

/** quit() lets pending counts finish; with Redis gone it throws, and there is nothing left to wait for. */
async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
