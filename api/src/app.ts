import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import multipart from '@fastify/multipart';
import { MAX_STICKERS_PER_PACK, MAX_UPLOAD_BYTES } from '@stickerdrop/shared';
import {
  type AccessTokens,
  type Config,
  createAccessTokens,
  createFileUrls,
  createImagePool,
  createPaymentSetup,
  createLogger,
  type Database,
  type FileStorage,
  type FileUrls,
  type ImagePool,
  type HttpSettings,
  isBanned,
  type PaymentSetup,
} from '@stickerdrop/core';
import { bearerAuthHook } from './http/auth.js';
import { registerApiDocs } from './http/api-docs.js';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerRequestLog } from './http/request-log.js';
import { compilersOnDemand } from './http/schema-compilers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerFeatures } from './features/index.js';
import { screenDataReader } from './features/first-screen/screen-data.js';
import { registerStaticSite } from './http/static-site.js';
import { botApi } from './telegram.js';

/** Everything a request handler may touch; tests build their own. */
export interface AppDeps {
  config: Config;
  db: Database;
  storage: FileStorage;
  tokens: AccessTokens;
  /** Signed links to full sticker files, for owners (`/files/*` checks them). */
  fileUrls: FileUrls;
  /** Where uploads' image decoding waits its turn (UPLOAD_CONCURRENCY, UPLOAD_QUEUE). */
  imagePool: ImagePool;
  /** The payment rails and their clients, built once: the routes and the background jobs share them. */
  payments: PaymentSetup;
  /** Injected so tests can move time (token expiry, reservations, freshness windows). */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface CreateAppOptions {
  config: Config;
  db: Database;
  storage: FileStorage;
  now?: () => Date;
  /** Shared with whatever else decodes images in this process; default: one made from the config. */
  imagePool?: ImagePool;
  /** Serve the built mini-app from this directory on the same origin. */
  staticDir?: string;
  /** false: silent (tests, benchmarks); a logger: shared with the rest of the process; default: a new one. */
  logger?: boolean | FastifyBaseLogger;
}

export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger === false
      ? { logger: false }
      : {
          loggerInstance: typeof options.logger === 'object' ? options.logger : createLogger(options.config.logLevel),
        }),
    // registerRequestLog writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    ...serverOptions(options.config.http),
    frameworkErrors: answerFrameworkError,
    bodyLimit: 64 * 1024,
    schemaController: { compilersFactory: compilersOnDemand },
  });
  const now = options.now ?? (() => new Date());
  const deps: AppDeps = {
    config: options.config,
    db: options.db,
    storage: options.storage,
    tokens: createAccessTokens(options.config.jwtSecret, now),
    fileUrls: createFileUrls(options.config.jwtSecret, options.config.fileUrlTtlSeconds, now),
    imagePool: options.imagePool ?? createImagePool(options.config.uploads),
    payments: createPaymentSetup({ config: options.config, db: options.db, telegram: botApi(options.config) }),
    now,
  };
  app.decorate('deps', deps);
  app.decorateRequest('userId', null);
  app.decorateRequest('badToken', false);
  app.decorateRequest('sessionId', null);
  app.addHook(
    'onRequest',
    bearerAuthHook(deps.tokens, { demo: options.config.demo, isBanned: (userId) => isBanned(options.db, userId) }),
  );
  registerRequestLog(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, options.config.publicUrl);
  await registerRateLimits(app, options.config.rateLimits);
  await registerApiDocs(app);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_STICKERS_PER_PACK, fields: 20, fieldSize: 16 * 1024, parts: 80 },
  });
  await registerFeatures(app);
  if (options.staticDir) await registerStaticSite(app, options.staticDir, screenDataReader(deps));
  return app;
}

/**
 * Whom to believe about the client's address (the rate limits count per address) and how long one client
 * may hold a socket: a body trickled in a byte at a time is cut off at the request timeout with a 408.
 */
function serverOptions(http: HttpSettings): FastifyHttpOptions<Server> {
  const trust = http.trustProxy;
  const shortest = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  return {
    // A hop count as proxy-addr reads one: Fastify itself now ignores numbers (fails closed).
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      // Node checks the two timeouts above only this often (30 s by default), which would stretch them.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, shortest / 4)),
    },
  };
}
