import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OPS_ERRORS, RemovedPacksResponse, StudioResponse, type AuditEntry } from '@stickerdrop/shared';
import { settlePayment, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, createPack } from '../orders/fixtures.js';
import { railsConfig, refundJobs } from '../payments/fixtures.js';

const OPERATOR = 4_242_401;
const PRICE = 1_500_000_000n;

describeEachDatabase('the desk’s removed packs: taken down, or hidden with a banned creator', (kind) => {
  let t: TestApp;
  let operator: TestUser;

  beforeEach(async () => {
    // TON buys without a watcher: the purchase is settled below as the watcher settles one.
    const rails = railsConfig({ indexerUrl: 'http://127.0.0.1:9/' });
    t = await buildTestApp({ kind, config: { ...rails, operatorIds: [OPERATOR] } });
    operator = await createUser(t, { id: OPERATOR });
  });
  afterEach(() => t.close());

  const ops = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await authHeaders(t, operator), ...(payload && { payload }) });
  const removedPacks = async () => {
    const res = await ops('GET', '/api/ops/packs/removed');
    expect(res.statusCode, res.body).toBe(200);
    return RemovedPacksResponse.parse(res.json()).packs;
  };
  const packRow = async (id: number) => (await t.db.select().from(tables.packs).where(eq(tables.packs.id, id)))[0]!;

  /** A buyer's TON purchase of a new edition, settled as the TON watcher settles one. */
  async function boughtInTon(packId: number) {
    const buyer = await createUser(t);
    const bought = await buy(t, buyer, packId, 'ton');
    expect(bought.statusCode, bought.error).toBe(201);
    const paid = await settlePayment(
      t.db,
      { method: 'ton', ref: `tx-${buyer.id}`, orderId: bought.order.id, amount: PRICE, currency: 'TON' },
      { now: t.clock.now, pays: (row, amount) => amount >= row.amountNano },
    );
    expect(paid.outcome).toBe('fulfilled');
  }

  /** A creator with two packs, banned: both hidden with them. */
  async function bannedCreatorsPacks() {
    const mallory = await createCreator(t, { firstName: 'Mallory', username: 'mallory' });
    const hidden = await t.db
      .insert(tables.packs)
      .values(
        ['Mallory One', 'Mallory Two'].map((title) => ({
          creatorId: mallory.id,
          title,
          priceNano: PRICE,
          maxSupply: 10,
        })),
      )
      .returning({ id: tables.packs.id });
    const ban = await ops('POST', `/api/ops/users/${mallory.id}/ban`, { reason: 'Sold stolen art' });
    expect(ban.statusCode, ban.body).toBe(200);
    return { mallory, hidden: hidden.map((pack) => pack.id) };
  }

  it('lists them the latest removed first, with why, when, the creator (banned now or not) and sales', async () => {
    const traced = await createPack(t, { title: 'Traced Foxes', priceNano: PRICE });
    const listed = await createPack(t, { title: 'Still Listed' });
    await boughtInTon(traced.id);
    expect(await removedPacks()).toEqual([]);

    const takenDownAt = t.clock.now.toISOString();
    expect((await ops('POST', `/api/ops/packs/${traced.id}/takedown`, { reason: 'copyright' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    const { mallory, hidden } = await bannedCreatorsPacks();

    const removed = await removedPacks();
    expect(removed.map((entry) => [entry.pack.title, entry.reason, entry.pack.sales])).toEqual([
      ['Mallory Two', 'creator_banned', 0],
      ['Mallory One', 'creator_banned', 0],
      ['Traced Foxes', 'copyright', 1],
    ]);
    expect(removed[0]).toEqual({
      pack: {
        id: hidden[1],
        title: 'Mallory Two',
        sales: 0,
        creator: { id: mallory.id, name: 'Mallory', username: 'mallory', banned: true },
      },
      reason: 'creator_banned',
      removedAt: t.clock.now.toISOString(),
    });
    expect(removed[2]).toMatchObject({
      pack: { id: traced.id, creator: { id: traced.creator.id, banned: false } },
      removedAt: takenDownAt,
    });
    expect(removed.some((entry) => entry.pack.id === listed.id)).toBe(false);

    // A lifted ban leaves the packs hidden until reviewed; the list says the creator is no longer banned.
    expect((await ops('POST', `/api/ops/users/${mallory.id}/unban`, {})).statusCode).toBe(200);
    const afterUnban = await removedPacks();
    expect(afterUnban.map((entry) => [entry.pack.id, entry.pack.creator.banned])).toEqual([
      [hidden[1], false],
      [hidden[0], false],
      [traced.id, false],
    ]);
    // Each creator's studio marks the pack removed, with why; the others there are as they were.
    const studioOf = async (creator: TestUser) =>
      StudioResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/studio', headers: await authHeaders(t, creator) })).json(),
      ).packs.map((pack) => [pack.id, pack.removed]);
    expect(await studioOf(mallory)).toEqual([
      [hidden[1], { reason: 'creator_banned' }],
      [hidden[0], { reason: 'creator_banned' }],
    ]);
    expect(await studioOf(traced.creator)).toEqual([[traced.id, { reason: 'copyright' }]]);
    expect(await studioOf(listed.creator)).toEqual([[listed.id, undefined]]);
  });

  it('restores a ban-hidden pack and a taken-down one through the one restore: audited, listed again, refunded once', async () => {
    const traced = await createPack(t, { title: 'Traced Foxes', priceNano: PRICE });
    await boughtInTon(traced.id);
    const takedown = await ops('POST', `/api/ops/packs/${traced.id}/takedown`, { reason: 'copyright' });
    expect(takedown.json()).toMatchObject({ takedown: { refundsQueued: 1 } });
    const { hidden } = await bannedCreatorsPacks();
    const [reviewed] = hidden as [number, number];

    const restore = await ops('POST', `/api/ops/packs/${reviewed}/restore`, { note: 'Her own drawings' });
    expect(restore.statusCode, restore.body).toBe(200);
    expect([(await packRow(reviewed)).status, (await packRow(reviewed)).removedReason]).toEqual(['listed', null]);
    expect((await t.app.inject({ method: 'GET', url: `/api/stickers/${reviewed}` })).statusCode).toBe(200);
    expect((await removedPacks()).map((entry) => entry.pack.id)).not.toContain(reviewed);
    // A second restore (a double tap, a second operator) is refused and writes nothing.
    const again = await ops('POST', `/api/ops/packs/${reviewed}/restore`, {});
    expect([again.statusCode, again.json()]).toEqual([409, { error: OPS_ERRORS.packNotRemoved }]);

    expect((await ops('POST', `/api/ops/packs/${traced.id}/restore`, { note: 'Counter-notice' })).statusCode).toBe(200);
    expect(await removedPacks()).toEqual([
      expect.objectContaining({ pack: expect.objectContaining({ id: hidden[1] }) }),
    ]);
    // The purchase refunded at the takedown is not refunded again, by the restore or by a second takedown.
    const payments = await t.db.select().from(tables.payments);
    expect(payments.map((payment) => payment.refundStatus)).toEqual(['pending']);
    const twice = await ops('POST', `/api/ops/packs/${traced.id}/takedown`, { reason: 'copyright' });
    expect(twice.json()).toMatchObject({ takedown: { refundsQueued: 0 } });
    expect(await refundJobs(t)).toHaveLength(1);

    const audit = (await ops('GET', '/api/ops/audit')).json() as { entries: AuditEntry[] };
    expect(audit.entries.map((entry) => [entry.action, entry.operatorId, entry.target.id, entry.reason])).toEqual([
      ['pack.takedown', OPERATOR, String(traced.id), 'copyright'],
      ['pack.restore', OPERATOR, String(traced.id), 'copyright'],
      ['pack.restore', OPERATOR, String(reviewed), 'creator_banned'],
      ['user.ban', OPERATOR, expect.any(String), 'Sold stolen art'],
      ['pack.takedown', OPERATOR, String(traced.id), 'copyright'],
    ]);
    expect(audit.entries[2]).toMatchObject({
      note: 'Her own drawings',
      before: { status: 'removed', removedReason: 'creator_banned' },
      after: { status: 'listed' },
    });
  });
});
