import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, AuthResponse, SessionsResponse, Tokens } from '@stickerdrop/shared';
import { answerLoginCode, createLoginCode, openLoginCode } from '@stickerdrop/core';
import { signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { tables } from '@stickerdrop/core/testing';

const GRACE = { id: 777, first_name: 'Grace', username: 'grace' };
const ALAN = { id: 778, first_name: 'Alan', username: 'alan' };

describeEachDatabase('signed-in sessions: listed and signed out', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const sessions = async (accessToken: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(accessToken) });
    expect(res.statusCode).toBe(200);
    return SessionsResponse.parse(res.json()).sessions;
  };
  const signOut = (accessToken: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(accessToken) });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  /** A browser signing in through the bot, the number tapped by the user. */
  async function signInThroughBot(tgUser: typeof GRACE): Promise<AuthResponse> {
    const { code, match } = await createLoginCode(t.db, t.app.deps.now());
    const opened = await openLoginCode(t.db, code, tgUser, t.app.deps.now());
    if (opened.status !== 'ask') throw new Error('not asked');
    await answerLoginCode(t.db, { codeId: opened.id, telegramUserId: tgUser.id, choice: match, now: t.app.deps.now() });
    return AuthResponse.parse((await t.app.inject({ method: 'GET', url: `/api/auth/login-code/${code}` })).json());
  }

  it('lists each sign-in once, says how and when, marks the caller’s own, most recently used first', async () => {
    const phone = await signInWithTelegram(t, GRACE);
    t.clock.advance(60_000);
    const browser = await signInThroughBot(GRACE);
    t.clock.advance(60_000);
    await signInWithTelegram(t, ALAN);
    const signedInAt = {
      phone: new Date(t.clock.now.getTime() - 120_000),
      browser: new Date(t.clock.now.getTime() - 60_000),
    };

    // The phone refreshes twice later on: still one session, its sign-in time kept, its last use moved.
    t.clock.advance(5 * 60_000);
    const rotated = Tokens.parse((await refresh(phone.tokens.refreshToken)).json());
    t.clock.advance(60_000);
    const latest = Tokens.parse((await refresh(rotated.refreshToken)).json());

    const listed = await sessions(browser.tokens.accessToken);
    expect(listed).toHaveLength(2);
    const [first, second] = listed;
    expect(first).toMatchObject({
      via: 'telegram',
      signedInAt: signedInAt.phone.toISOString(),
      lastUsedAt: t.clock.now.toISOString(),
      current: false,
    });
    expect(second).toMatchObject({
      via: 'bot',
      signedInAt: signedInAt.browser.toISOString(),
      lastUsedAt: signedInAt.browser.toISOString(),
      current: true,
    });
    expect(new Date(first!.expiresAt).getTime()).toBeGreaterThan(t.clock.now.getTime());
    // The phone's own (rotated) access token knows it is the phone.
    const fromPhone = await sessions(latest.accessToken);
    expect(fromPhone.map((session) => session.current)).toEqual([true, false]);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${crypto.randomUUID()}` })).statusCode,
    ).toBe(401);
  });

  it('signing a session out revokes its refresh-token family: its refresh fails, the others keep working', async () => {
    const laptop = await signInWithTelegram(t, GRACE);
    const browser = await signInThroughBot(GRACE);
    // The browser has refreshed once: both its tokens belong to the one session.
    const browserTokens = Tokens.parse((await refresh(browser.tokens.refreshToken)).json());
    const browserSession = (await sessions(laptop.tokens.accessToken)).find((session) => session.via === 'bot')!;

    const res = await signOut(laptop.tokens.accessToken, browserSession.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const refused = await refresh(browserTokens.refreshToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: API_ERRORS.invalidRefreshToken });
    const family = (await t.db.select().from(tables.refreshTokens)).filter((row) => row.familyId === browserSession.id);
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);

    expect((await sessions(laptop.tokens.accessToken)).map((session) => session.via)).toEqual(['telegram']);
    expect((await refresh(laptop.tokens.refreshToken)).statusCode).toBe(200);

    const again = await signOut(laptop.tokens.accessToken, browserSession.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: API_ERRORS.sessionNotFound });
  });

  it('nobody signs out a session that is not theirs', async () => {
    const grace = await signInWithTelegram(t, GRACE);
    const alan = await signInWithTelegram(t, ALAN);
    const [alansSession] = await sessions(alan.tokens.accessToken);

    const res = await signOut(grace.tokens.accessToken, alansSession!.id);
    expect(res.statusCode).toBe(404);
    expect((await refresh(alan.tokens.refreshToken)).statusCode).toBe(200);
    expect((await signOut(grace.tokens.accessToken, 'not-a-session')).statusCode).toBe(400);
  });
});
