import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_ERRORS, REPORT_DETAILS_MAX_LENGTH, type AuditEntry } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { signInWithTelegram } from '../../auth-helpers.js';
import { buildTestApp, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack } from '../orders/fixtures.js';

const OPERATOR = 4_242_201;

describe('reports of a pack, and bans', () => {
  let t: TestApp;
  let operator: TestUser;

  beforeEach(async () => {
    t = await buildTestApp({
      config: { operatorIds: [OPERATOR], ...rateLimitsWith({ report: { max: 8, windowMs: 3_600_000 } }) },
    });
    operator = await createUser(t, { id: OPERATOR });
  });
  afterEach(() => t.close());

  const report = (user: TestUser | null, packId: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/packs/${packId}/reports`, headers: user?.headers ?? {}, payload });
  const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: operator.headers, ...(payload && { payload }) });

  it('takes one open report per person and pack, lists packs by their latest report with the texts', async () => {
    const pack = await createPack(t, { title: 'Lifted Art' });
    const other = await createPack(t, { title: 'Another' });
    const [ann, bob] = [await createUser(t), await createUser(t)];
    expect((await report(null, pack.id, { reason: 'copyright' })).statusCode).toBe(401);
    expect((await report(ann, pack.id, { reason: 'spam' })).statusCode).toBe(400);
    const long = await report(ann, pack.id, { reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX_LENGTH + 1) });
    expect([long.statusCode, long.json()]).toEqual([400, { error: OPS_ERRORS.reportDetailsTooLong }]);
    expect((await report(ann, 999_999, { reason: 'scam' })).statusCode).toBe(404);

    const filed = await report(ann, pack.id, { reason: 'copyright', details: 'My drawings, from my portfolio' });
    expect(filed.statusCode, filed.body).toBe(201);
    const again = await report(ann, pack.id, { reason: 'scam' });
    expect([again.statusCode, again.json()]).toEqual([409, { error: OPS_ERRORS.reportOpen }]);
    t.clock.advance(1_000);
    expect((await report(bob, other.id, { reason: 'offensive' })).statusCode).toBe(201);
    t.clock.advance(1_000);
    expect((await report(bob, pack.id, { reason: 'scam', details: 'Sells what it does not have' })).statusCode).toBe(
      201,
    );

    const listed = (await ops('GET', '/api/ops/reports')).json() as {
      packs: { pack: { id: number; title: string; sales: number; creator: { id: number } }; reports: object[] }[];
    };
    expect(listed.packs.map((entry) => [entry.pack.title, entry.pack.creator.id, entry.pack.sales])).toEqual([
      ['Lifted Art', pack.creator.id, 0],
      ['Another', other.creator.id, 0],
    ]);
    expect(listed.packs[0]!.reports).toEqual([
      expect.objectContaining({ reporterId: bob.id, reason: 'scam', details: 'Sells what it does not have' }),
      expect.objectContaining({ reporterId: ann.id, reason: 'copyright', details: 'My drawings, from my portfolio' }),
    ]);

    // The operator acts on the pack: its reports are answered, and the pack may be reported afresh.
    expect((await ops('POST', `/api/ops/packs/${pack.id}/takedown`, { reason: 'other' })).statusCode).toBe(200);
    expect((await ops('POST', `/api/ops/packs/${pack.id}/restore`, {})).statusCode).toBe(200);
    const after = (await ops('GET', '/api/ops/reports')).json() as { packs: { pack: { id: number } }[] };
    expect(after.packs.map((entry) => entry.pack.id)).toEqual([other.id]);
    expect((await report(ann, pack.id, { reason: 'copyright' })).statusCode).toBe(201);
  });

  it('limits reports per person (RATE_LIMIT_REPORT)', async () => {
    const reporter = await createUser(t);
    const codes = [];
    for (let n = 0; n < 9; n += 1) {
      const pack = await createPack(t);
      codes.push((await report(reporter, pack.id, { reason: 'other' })).statusCode);
    }
    expect(codes).toEqual([...Array<number>(8).fill(201), 429]);
  });

  it('a ban ends sign-in and every session, closes their market and hides their packs; unban restores sign-in', async () => {
    const signedIn = await signInWithTelegram(t, { id: 5_550_001, first_name: 'Mallory' });
    const [pack] = await t.db
      .insert(tables.packs)
      .values({ creatorId: signedIn.user.id, title: 'Mallory’s', priceNano: 1_000_000_000n, maxSupply: 10 })
      .returning();
    expect((await t.app.inject({ method: 'GET', url: `/api/stickers/${pack!.id}` })).statusCode).toBe(200);

    const ban = await ops('POST', `/api/ops/users/${signedIn.user.id}/ban`, { reason: 'Sold stolen art' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json()).toMatchObject({ ban: { banned: true, sessionsEnded: 1, packsHidden: [pack!.id] } });
    expect((await ops('POST', `/api/ops/users/${signedIn.user.id}/ban`, { reason: 'again' })).statusCode).toBe(409);

    // The token they hold is refused, their refresh token is dead, and signing in again says why.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: signedIn.headers });
    expect([me.statusCode, me.json()]).toEqual([403, { error: OPS_ERRORS.banned }]);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: signedIn.tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(signInWithTelegram(t, { id: 5_550_001, first_name: 'Mallory' })).rejects.toThrow(/403/);
    expect((await t.app.inject({ method: 'GET', url: `/api/stickers/${pack!.id}` })).statusCode).toBe(404);

    const unban = await ops('POST', `/api/ops/users/${signedIn.user.id}/unban`, { note: 'appeal accepted' });
    expect(unban.statusCode, unban.body).toBe(200);
    const back = await signInWithTelegram(t, { id: 5_550_001, first_name: 'Mallory' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: back.headers })).statusCode).toBe(200);
    // Their packs stay hidden until an operator reviews (restores) each.
    expect((await t.app.inject({ method: 'GET', url: `/api/stickers/${pack!.id}` })).statusCode).toBe(404);
    const [row] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, pack!.id));
    expect([row!.status, row!.removedReason]).toEqual(['removed', 'creator_banned']);

    const audit = (await ops('GET', '/api/ops/audit')).json() as { entries: AuditEntry[] };
    expect(audit.entries.map((entry) => [entry.action, entry.target.id, entry.reason])).toEqual([
      ['user.unban', String(signedIn.user.id), 'Sold stolen art'],
      ['user.ban', String(signedIn.user.id), 'Sold stolen art'],
    ]);
  });
});
