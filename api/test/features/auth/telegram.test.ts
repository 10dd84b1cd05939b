import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, AuthResponse } from '@stickerdrop/shared';
import { signInitData } from '@stickerdrop/core';
import { initDataFor, signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { tables } from '@stickerdrop/core/testing';

const ADA = {
  id: 4242,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  photo_url: 'https://t.me/i/ada.jpg',
};

describeEachDatabase('POST /api/auth/telegram', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const post = (initData: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });

  it('signs in with real signed init data, creates the user and returns working tokens', async () => {
    const res = await post(initDataFor(t, ADA));
    expect(res.statusCode).toBe(200);
    const body = AuthResponse.parse(res.json());
    expect(body.user).toMatchObject({
      id: 4242,
      username: 'ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      photo_url: 'https://t.me/i/ada.jpg',
      isCreator: false,
      walletAddress: null,
    });
    expect(body.tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual(body.user);

    // The refresh token is stored only as a hash.
    const stored = await t.db.select().from(tables.refreshTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(body.tokens.refreshToken);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('updates Telegram-owned fields on the next sign-in and keeps what the user edited', async () => {
    await signInWithTelegram(t, ADA);
    await t.db.update(tables.users).set({ bio: 'Countess', isCreator: true }).where(eq(tables.users.id, ADA.id));
    const again = await signInWithTelegram(t, { id: ADA.id, first_name: 'Augusta', username: 'augusta' });
    expect(again.user).toMatchObject({
      first_name: 'Augusta',
      username: 'augusta',
      last_name: null,
      photo_url: null,
      bio: 'Countess',
      isCreator: true,
    });
    expect(await t.db.select().from(tables.users)).toHaveLength(1);
  });

  it('refuses a forged hash with 401 and creates nothing', async () => {
    const params = new URLSearchParams(initDataFor(t, ADA));
    params.set('hash', '0'.repeat(64));
    const res = await post(params.toString());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidInitData });
    expect(await t.db.select().from(tables.users)).toHaveLength(0);
  });

  it('refuses a field tampered with after signing', async () => {
    const params = new URLSearchParams(initDataFor(t, ADA));
    params.set('user', JSON.stringify({ ...ADA, id: 1 }));
    const res = await post(params.toString());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidInitData });
    expect(await t.db.select().from(tables.users)).toHaveLength(0);
  });

  it('refuses init data older than an hour as stale', async () => {
    const raw = initDataFor(t, ADA);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const res = await post(raw);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.staleInitData });
  });

  it('refuses auth_date in the future beyond the skew allowance', async () => {
    const nowS = Math.floor(t.clock.now.getTime() / 1000);
    const res = await post(initDataFor(t, ADA, nowS + 120));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidInitData });
  });

  it('refuses a missing hash and a user without a first name', async () => {
    const params = new URLSearchParams(initDataFor(t, ADA));
    params.delete('hash');
    expect((await post(params.toString())).statusCode).toBe(401);

    const nowS = Math.floor(t.clock.now.getTime() / 1000);
    const withoutName = signInitData({ user: { id: 5 }, auth_date: nowS }, t.config.botToken!);
    const res = await post(withoutName);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidInitData });
  });

  it('answers missing init data with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});

describeEachDatabase('POST /api/auth/telegram without BOT_TOKEN', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { botToken: undefined } });
  });
  afterEach(() => t.close());

  it('refuses every sign-in with 401', async () => {
    const nowS = Math.floor(t.clock.now.getTime() / 1000);
    // Signed with the token tests use elsewhere: still refused, there is nothing to check it against.
    const raw = signInitData({ user: ADA, auth_date: nowS }, '123456:TEST-token-for-signing-init-data');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData: raw } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidInitData });
  });
});
