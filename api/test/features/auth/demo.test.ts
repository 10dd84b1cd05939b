import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, AuthResponse } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';

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
