import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, AuthResponse } from '@stickerdrop/shared';
import { createApp } from '../../../src/app.js';
import { signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('POST /api/auth/demo with demo on', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { demo: true } });
  });
  afterEach(() => t.close());

  const demo = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: payload as object });

  it('signs in the demo collector with working tokens', async () => {
    const res = await demo({ as: 'collector' });
    expect(res.statusCode).toBe(200);
    const body = AuthResponse.parse(res.json());
    expect(body.user).toMatchObject({ id: -1, first_name: 'Demo Collector', username: 'demo_collector' });
    expect(body.user.isCreator).toBe(false);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    });
    expect(me.json().user.id).toBe(-1);
  });

  it('defaults to the collector and signs in the creator when asked', async () => {
    expect(AuthResponse.parse((await demo({})).json()).user.id).toBe(-1);
    const creator = AuthResponse.parse((await demo({ as: 'creator' })).json()).user;
    expect(creator).toMatchObject({ id: -2, first_name: 'Demo Creator', username: 'demo_creator', isCreator: true });
  });

  it('reuses the demo user: edits survive, the creator stays a creator', async () => {
    await demo({ as: 'creator' });
    await t.db.update(tables.users).set({ bio: 'Edited', isCreator: false }).where(eq(tables.users.id, -2));
    const again = AuthResponse.parse((await demo({ as: 'creator' })).json()).user;
    expect(again).toMatchObject({ id: -2, bio: 'Edited', isCreator: true });
    expect(await t.db.select().from(tables.users)).toHaveLength(1);
  });

  it('refuses an unknown role with 400', async () => {
    const res = await demo({ as: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(tables.users)).toHaveLength(0);
  });
});

describeEachDatabase('POST /api/auth/demo with demo off', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { demo: false } });
  });
  afterEach(() => t.close());

  it('is a 404 and creates no user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { as: 'creator' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: API_ERRORS.demoOff });
    expect(await t.db.select().from(tables.users)).toHaveLength(0);
  });
});

describeEachDatabase('demo sign-ins once demo mode is turned off', (kind) => {
  let on: TestApp;
  let off: FastifyInstance;
  beforeEach(async () => {
    on = await buildTestApp({ kind, config: { demo: true } });
    // The same deployment restarted with DEMO off: same database, same JWT secret, same clock.
    off = await createApp({
      config: { ...on.config, demo: false },
      db: on.db,
      storage: on.storage,
      logger: false,
      now: () => on.clock.now,
    });
    await off.ready();
  });
  afterEach(async () => {
    await off.close();
    await on.close();
  });

  it('refuses the demo access and refresh tokens an app with demo on issued (401), and ends their session', async () => {
    const demo = AuthResponse.parse(
      (await on.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { as: 'creator' } })).json(),
    );
    const headers = { authorization: `Bearer ${demo.tokens.accessToken}` };
    expect((await on.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);

    for (const url of ['/api/auth/me', '/api/collection', '/api/users/profile', '/api/auth/sessions']) {
      const res = await off.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: API_ERRORS.invalidToken });
    }
    // A signed-out read is no way around it either: a refused token is a 401, not a visitor.
    expect((await off.inject({ method: 'GET', url: '/api/stickers', headers })).statusCode).toBe(401);

    const refreshed = await off.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: demo.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual({ error: API_ERRORS.demoSignInsEnded });
    // The session is over for good, even if demo mode comes back on.
    const [row] = await on.db.select().from(tables.refreshTokens);
    expect(row!.revokedAt).not.toBeNull();
    const later = await on.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: demo.tokens.refreshToken },
    });
    expect(later.statusCode).toBe(401);
  });

  it('Telegram sign-ins keep working', async () => {
    const grace = await signInWithTelegram(on, { id: 777, first_name: 'Grace' });
    const headers = { authorization: `Bearer ${grace.tokens.accessToken}` };
    expect((await off.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    const refreshed = await off.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: grace.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});
