import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, AuthResponse, LOGIN_CODE_TTL_S, LoginCodeResponse, decodeStartParam } from '@stickerdrop/shared';
import { confirmLoginCode, tables } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';

const LINUS = { id: 31337, first_name: 'Linus', username: 'linus', photo_url: 'https://t.me/i/linus.jpg' };

describeEachDatabase('sign-in on the web with a bot login code', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const newCode = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-code' });
    expect(res.statusCode).toBe(200);
    return LoginCodeResponse.parse(res.json());
  };
  const poll = (code: string) => t.app.inject({ method: 'GET', url: `/api/auth/login-code/${code}` });

  it('issues a random single-use code with a bot deep link, stored only hashed', async () => {
    const first = await newCode();
    const second = await newCode();
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.code).not.toBe(second.code);
    expect(first.url).toBe(`https://t.me/stickerdrop_test_bot?start=login_${first.code}`);
    expect(decodeStartParam(new URL(first.url).searchParams.get('start'))).toEqual({
      kind: 'login',
      code: first.code,
    });
    expect(new Date(first.expiresAt).getTime()).toBe(t.clock.now.getTime() + LOGIN_CODE_TTL_S * 1000);
    const rows = await t.db.select().from(tables.loginCodes);
    expect(rows.map((r) => r.codeHash)).not.toContain(first.code);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
  });

  it('pending → confirmed by the bot → tokens exactly once → 410', async () => {
    const { code } = await newCode();
    const pending = await poll(code);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ status: 'pending' });

    expect(await confirmLoginCode(t.db, code, LINUS, t.app.deps.now())).toBe('confirmed');

    const signedIn = await poll(code);
    expect(signedIn.statusCode).toBe(200);
    const body = AuthResponse.parse(signedIn.json());
    expect(body.user).toMatchObject({ id: LINUS.id, first_name: 'Linus', username: 'linus' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    });
    expect(me.json().user.id).toBe(LINUS.id);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: body.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    const again = await poll(code);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: API_ERRORS.loginCodeExpired });
    // A consumed code cannot be confirmed again, for this or any other user.
    expect(await confirmLoginCode(t.db, code, { id: 1, first_name: 'Mallory' }, t.app.deps.now())).toBe('expired');
  });

  it('two pollers racing for a confirmed code: only one gets tokens', async () => {
    const { code } = await newCode();
    await confirmLoginCode(t.db, code, LINUS, t.app.deps.now());
    const results = await Promise.all([poll(code), poll(code), poll(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(1);
  });

  it('a code cannot be confirmed twice', async () => {
    const { code } = await newCode();
    expect(await confirmLoginCode(t.db, code, LINUS, t.app.deps.now())).toBe('confirmed');
    expect(await confirmLoginCode(t.db, code, { id: 2, first_name: 'Eve' }, t.app.deps.now())).toBe('expired');
    expect(AuthResponse.parse((await poll(code)).json()).user.id).toBe(LINUS.id);
  });

  it('expires after five minutes, for the bot and for the page', async () => {
    const unconfirmed = await newCode();
    const confirmed = await newCode();
    await confirmLoginCode(t.db, confirmed.code, LINUS, t.app.deps.now());
    t.clock.advance(LOGIN_CODE_TTL_S * 1000 - 1000);
    expect((await poll(unconfirmed.code)).statusCode).toBe(202);
    t.clock.advance(2000);

    expect(await confirmLoginCode(t.db, unconfirmed.code, LINUS, t.app.deps.now())).toBe('expired');
    const late = await poll(unconfirmed.code);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: API_ERRORS.loginCodeExpired });
    expect((await poll(confirmed.code)).statusCode).toBe(410);
  });

  it('unknown and malformed codes are 410, for the bot and for the page', async () => {
    const unknown = 'x'.repeat(43);
    expect((await poll(unknown)).statusCode).toBe(410);
    expect((await poll('short')).statusCode).toBe(410);
    expect((await poll('bad%20chars%21%21%21%21%21%21%21%21%21%21')).statusCode).toBe(410);
    expect(await confirmLoginCode(t.db, unknown, LINUS, t.app.deps.now())).toBe('expired');
    expect(await confirmLoginCode(t.db, 'short', LINUS, t.app.deps.now())).toBe('expired');
  });

  it('confirming upserts the Telegram user', async () => {
    const { code } = await newCode();
    await confirmLoginCode(t.db, code, LINUS, t.app.deps.now());
    const [row] = await t.db.select().from(tables.users);
    expect(row).toMatchObject({ id: LINUS.id, firstName: 'Linus', photoUrl: LINUS.photo_url });
  });
});

describeEachDatabase('login code without BOT_USERNAME', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { botUsername: undefined } });
  });
  afterEach(() => t.close());

  it('answers 503 and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-code' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: API_ERRORS.loginNotConfigured });
    expect(await t.db.select().from(tables.loginCodes)).toHaveLength(0);
  });
});
