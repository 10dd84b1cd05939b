import { afterEach, beforeEach, expect, it } from 'vitest';
import { LOGIN_CODE_TTL_S, REFRESH_TOKEN_TTL_S, Tokens } from '@stickerdrop/shared';
import { createLoginCode, signInPruner, silentLogger } from '@stickerdrop/core';
import { pruneExpiredSignIns, tables } from '@stickerdrop/core/testing';
import { signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';

const GRACE = { id: 777, first_name: 'Grace' };
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('pruning expired sign-in codes and refresh tokens', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

  it('deletes what has expired, in batches, and nothing that can still be used', async () => {
    // Three codes that will expire, then one made later that is still live at the prune.
    for (let i = 0; i < 3; i++) await createLoginCode(t.db, t.clock.now);
    // An old session that will lapse unused, and one kept alive by refreshing.
    const lapsed = await signInWithTelegram(t, GRACE);
    let live = Tokens.parse((await refresh((await signInWithTelegram(t, GRACE)).tokens.refreshToken)).json());
    for (let day = 0; day < 31; day += 10) {
      t.clock.advance(10 * DAY_MS);
      live = Tokens.parse((await refresh(live.refreshToken)).json());
    }
    const fresh = await createLoginCode(t.db, t.clock.now);
    expect(await t.db.select().from(tables.loginCodes)).toHaveLength(4);
    // lapsed: 1 token; live: the first, its rotation and four more.
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(7);

    const now = t.clock.now;
    const first = await pruneExpiredSignIns(t.db, now, 2);
    expect(first).toEqual({ loginCodes: 2, refreshTokens: 2, more: true });
    let passes = 1;
    while ((await pruneExpiredSignIns(t.db, now, 2)).more) passes++;
    expect(passes).toBeGreaterThan(1);

    const codes = await t.db.select().from(tables.loginCodes);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.expiresAt.getTime()).toBe(now.getTime() + LOGIN_CODE_TTL_S * 1000);
    const tokens = await t.db.select().from(tables.refreshTokens);
    // Left: the live session's tokens issued within the last 30 days.
    expect(tokens.every((row) => row.expiresAt > now)).toBe(true);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.length).toBeLessThan(7);
    // Its newest token still refreshes; the pruned ones are refused as unknown.
    expect((await refresh(live.refreshToken)).statusCode).toBe(200);
    expect((await refresh(lapsed.tokens.refreshToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/login-code/${fresh.code}` })).statusCode).toBe(202);
    expect(await pruneExpiredSignIns(t.db, now)).toEqual({ loginCodes: 0, refreshTokens: 0, more: false });
  });

  it('keeps a code and a token until the moment they expire', async () => {
    await createLoginCode(t.db, t.clock.now);
    await signInWithTelegram(t, GRACE);
    const almost = new Date(t.clock.now.getTime() + LOGIN_CODE_TTL_S * 1000 - 1);
    expect(await pruneExpiredSignIns(t.db, almost)).toEqual({ loginCodes: 0, refreshTokens: 0, more: false });
    const codeGone = new Date(t.clock.now.getTime() + LOGIN_CODE_TTL_S * 1000);
    expect(await pruneExpiredSignIns(t.db, codeGone)).toEqual({ loginCodes: 1, refreshTokens: 0, more: false });
    const tokenGone = new Date(t.clock.now.getTime() + REFRESH_TOKEN_TTL_S * 1000);
    expect(await pruneExpiredSignIns(t.db, tokenGone)).toEqual({ loginCodes: 0, refreshTokens: 1, more: false });
  });

  it('runs as a periodic job', async () => {
    await createLoginCode(t.db, t.clock.now);
    const later = new Date(t.clock.now.getTime() + LOGIN_CODE_TTL_S * 1000);
    const job = signInPruner(t.db, { every: 10, now: () => later, log: silentLogger });
    job.start();
    try {
      await expect.poll(async () => (await t.db.select().from(tables.loginCodes)).length).toBe(0);
    } finally {
      await job.stop();
    }
  });
});
