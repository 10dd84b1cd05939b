import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { type Config } from '@stickerdrop/core';
import { type RateLimit } from '@stickerdrop/core/testing';
import { ROUTE_LIMITS } from '../../src/http/rate-limits.js';
import { TEST_REDIS_URL, buildTestApp, describeRedis, rateLimitsWith, type TestApp } from '../helpers.js';
import { createUser } from '../users.js';
import { createPack } from '../features/orders/fixtures.js';

const ONE_MINUTE = 60_000;

const perMinute = (max: number): RateLimit => ({ max, windowMs: ONE_MINUTE });
const demoSignIn = (t: TestApp, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { as: 'collector' }, remoteAddress });

const build = (config: Partial<Config>) => buildTestApp({ config });

function expectRefused(res: Awaited<ReturnType<typeof demoSignIn>>, windowS: number): void {
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toMatch(new RegExp(`^${API_ERRORS.tooManyRequests}; try again in `));
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowS);
}

describe('rate limits in memory', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const start = async (config: Partial<Config>) => {
    const t = await build(config);
    apps.push(t);
    return t;
  };

  it('refuses the sign-in past the limit with 429, { error } and Retry-After, per client address', async () => {
    const t = await start(rateLimitsWith({ signIn: perMinute(3) }));
    for (let i = 0; i < 3; i++) expect((await demoSignIn(t)).statusCode).toBe(200);
    expectRefused(await demoSignIn(t), 60);
    // Another address has its own budget.
    expect((await demoSignIn(t, '198.51.100.20')).statusCode).toBe(200);
  });

  it('counts buys per signed-in user, so one buyer’s limit is not another’s', async () => {
    const t = await start(rateLimitsWith({ buy: perMinute(2) }));
    const pack = await createPack(t);
    const [ada, bob] = [await createUser(t), await createUser(t)];
    const buy = (headers: { authorization: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/marketplace/buy',
        headers,
        payload: { stickerId: pack.id, paymentMethod: 'ton' },
      });
    expect((await buy(ada.headers)).statusCode).toBe(201);
    expect((await buy(ada.headers)).statusCode).toBe(200);
    expectRefused(await buy(ada.headers), 60);
    expect((await buy(bob.headers)).statusCode).toBe(201);
  });

  it('limits likes and uploads by their own limits, and any other write by the write limit', async () => {
    const t = await start(rateLimitsWith({ like: perMinute(1), upload: perMinute(1), write: perMinute(1) }));
    const pack = await createPack(t);
    const user = await createUser(t, { isCreator: true });
    const like = () => t.app.inject({ method: 'POST', url: `/api/stickers/${pack.id}/like`, headers: user.headers });
    expect((await like()).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(429);
    // An empty upload is refused as a bad request, and still counted: the limit runs before the body is read.
    const upload = () => t.app.inject({ method: 'POST', url: '/api/stickers', headers: user.headers });
    expect((await upload()).statusCode).not.toBe(429);
    expect((await upload()).statusCode).toBe(429);
    const profile = () =>
      t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: user.headers, payload: { bio: 'hi' } });
    expect((await profile()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(429);
  });

  it('never limits reads', async () => {
    const t = await start(rateLimitsWith({ write: perMinute(1), signIn: perMinute(1) }));
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/stickers', remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('names only routes that exist', async () => {
    const t = await start({});
    for (const route of Object.keys(ROUTE_LIMITS)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });
});

describeRedis('rate limits through Redis', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  it('two app instances on one Redis share the count', async () => {
    // A prefix of its own: the Redis server is shared with other runs.
    const redis = { url: TEST_REDIS_URL!, prefix: `test:${randomUUID()}:` };
    const [a, b] = [
      await build(rateLimitsWith({ signIn: perMinute(3) }, redis)),
      await build(rateLimitsWith({}, redis)),
    ];
    apps.push(a, b);
    // b was started with the default limit: the count is shared, each instance applies its own maximum.
    expect((await demoSignIn(a)).statusCode).toBe(200);
    expect((await demoSignIn(b)).statusCode).toBe(200);
    expect((await demoSignIn(a)).statusCode).toBe(200);
    expectRefused(await demoSignIn(a), 60);
    const c = await build(rateLimitsWith({ signIn: perMinute(3) }, redis));
    apps.push(c);
    expectRefused(await demoSignIn(c), 60);
    // A separate prefix (another deployment, another test) counts from zero.
    const other = await build(rateLimitsWith({ signIn: perMinute(3) }, { ...redis, prefix: `test:${randomUUID()}:` }));
    apps.push(other);
    expect((await demoSignIn(other)).statusCode).toBe(200);
  }, 120_000);

  it('keeps serving, uncounted, while Redis is down, instead of refusing every write', async () => {
    // A Redis server of its own, to stop: the shared one stays up for everyone else.
    const port = await closedPort();
    const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    try {
      await untilListening(port);
      const t = await build(
        rateLimitsWith({ signIn: perMinute(1) }, { url: `redis://127.0.0.1:${port}`, prefix: 'x:' }),
      );
      apps.push(t);
      expect((await demoSignIn(t)).statusCode).toBe(200);
      expect((await demoSignIn(t)).statusCode).toBe(429);
      server.kill('SIGKILL');
      await once(server, 'exit');
      for (let i = 0; i < 3; i++) expect((await demoSignIn(t)).statusCode).toBe(200);
    } finally {
      server.kill('SIGKILL');
    }
  }, 120_000);

  it('stops start-up with a sentence naming REDIS_URL when Redis cannot be reached', async () => {
    const port = await closedPort();
    await expect(build(rateLimitsWith({}, { url: `redis://127.0.0.1:${port}`, prefix: 'unused:' }))).rejects.toThrow(
      /REDIS_URL/,
    );
  });
});

/** A port nothing listens on: bound by the system, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close((error) => (error ? reject(error) : resolve(port)));
    });
  });
}

async function untilListening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const socket = net.connect(port, '127.0.0.1');
    // `once` rejects when the socket emits 'error' (nothing listening yet).
    const connected = await once(socket, 'connect').then(
      () => true,
      () => false,
    );
    socket.destroy();
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}
