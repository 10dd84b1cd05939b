import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, REFRESH_TOKEN_TTL_S, Tokens } from '@stickerdrop/shared';
import { issueTokens } from '@stickerdrop/core';
import { signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { tables } from '@stickerdrop/core/testing';

const GRACE = { id: 777, first_name: 'Grace', username: 'grace' };

describeEachDatabase('access and refresh tokens', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const me = (accessToken?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const logout = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });

  it('GET /api/auth/me needs a valid token', async () => {
    const none = await me();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: API_ERRORS.unauthorized });
    const forged = await me('not.a.jwt');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: API_ERRORS.invalidToken });
  });

  it('GET /api/auth/me answers 401 for a well-signed token whose user does not exist', async () => {
    const token = await t.app.deps.tokens.sign(123_456_789);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
  });

  it('access tokens expire after 15 minutes', async () => {
    const { tokens } = await signInWithTelegram(t, GRACE);
    t.clock.advance(14 * 60 * 1000);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    const res = await me(tokens.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidToken });
  });

  it('refresh rotates: a new working pair, and the old refresh token stops working', async () => {
    const { tokens } = await signInWithTelegram(t, GRACE);
    t.clock.advance(16 * 60 * 1000);
    const res = await refresh(tokens.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = Tokens.parse(res.json());
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect((await me(next.accessToken)).json().user.id).toBe(GRACE.id);

    const again = await refresh(tokens.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: API_ERRORS.refreshTokenReused });
  });

  it('reusing a rotated token revokes the whole family, newest token included', async () => {
    const { tokens } = await signInWithTelegram(t, GRACE);
    const second = Tokens.parse((await refresh(tokens.refreshToken)).json());
    const third = Tokens.parse((await refresh(second.refreshToken)).json());

    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    const stolen = await refresh(third.refreshToken);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json()).toEqual({ error: API_ERRORS.invalidRefreshToken });
  });

  it('a reuse revokes only that family: another sign-in of the same user keeps working', async () => {
    const phone = await signInWithTelegram(t, GRACE);
    const laptop = await signInWithTelegram(t, GRACE);
    await refresh(phone.tokens.refreshToken);
    await refresh(phone.tokens.refreshToken);
    expect((await refresh(laptop.tokens.refreshToken)).statusCode).toBe(200);
  });

  it('refuses unknown, expired and malformed refresh tokens', async () => {
    const unknown = await refresh('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: API_ERRORS.invalidRefreshToken });

    const { tokens } = await signInWithTelegram(t, GRACE);
    t.clock.advance(REFRESH_TOKEN_TTL_S * 1000 + 1000);
    const expired = await refresh(tokens.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: API_ERRORS.invalidRefreshToken });

    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('logout revokes the refresh token and its family; it is idempotent', async () => {
    const { tokens } = await signInWithTelegram(t, GRACE);
    const rotated = Tokens.parse((await refresh(tokens.refreshToken)).json());
    const res = await logout(rotated.refreshToken);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await refresh(rotated.refreshToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: API_ERRORS.invalidRefreshToken });

    const family = await t.db.select().from(tables.refreshTokens);
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);

    expect((await logout(rotated.refreshToken)).statusCode).toBe(204);
    expect((await logout('B'.repeat(43))).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(400);
  });

  it('two concurrent refreshes with one token: exactly one succeeds', async () => {
    const { tokens } = await signInWithTelegram(t, GRACE);
    const results = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401]);
    expect(results.find((r) => r.statusCode === 401)!.json()).toEqual({ error: API_ERRORS.refreshTokenReused });
    // Exactly one successor was ever issued for the token.
    const rows = await t.db.select().from(tables.refreshTokens);
    expect(rows).toHaveLength(2);
    // The loser presented a rotated token, which is reuse: the family, the winner's successor included,
    // is revoked. Clients must refresh single-flight.
    const winner = Tokens.parse(results.find((r) => r.statusCode === 200)!.json());
    expect((await refresh(winner.refreshToken)).statusCode).toBe(401);
  });

  it('many concurrent refreshes with one token: still exactly one succeeds', async () => {
    const { tokens } = await signInWithTelegram(t, GRACE);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(tokens.refreshToken)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(7);
  });

  it('a deleted user’s tokens no longer work', async () => {
    const user = await createUser(t);
    const tokens = await issueTokens(t.app.deps, user.id, 'telegram');
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    await t.db.delete(tables.users).where(eq(tables.users.id, user.id));
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await me(tokens.accessToken)).statusCode).toBe(401);
  });
});
