import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { STUDIO_ERRORS, StudioResponse, StudioWithdrawal, type PaymentMethod } from '@stickerdrop/shared';
import { SecretWords, fulfilOrder, payCreatorsDue, reserveEdition } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders, createPack, type PackFixture } from '../orders/fixtures.js';
import { recordingLog } from '../payments/fixtures.js';
import { freshAddress } from '../payouts/fixtures.js';

const DAY_MS = 86_400_000;
const TON = 1_000_000_000n;
/** Only its presence matters here: these tests stop where the payout wallet's job would take over. */
const PAYOUTS_ON = { mnemonic: new SecretWords(['unused']), maxNano: 100n * TON, dailyMaxNano: 1000n * TON };

/**
 * Withdraw: a creator's available balance goes into one payout to their wallet, with the ledger's payout
 * entry in the same transaction, to the nanoton; a double tap pays once; too little is refused with a
 * sentence; PAYOUT_AUTO does the same for every creator at the threshold.
 */
describeEachDatabase('creator studio: withdraw', (kind) => {
  let t: TestApp;
  let pack: PackFixture;
  let wallet: string;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { payouts: { ...PAYOUTS_ON, minNano: TON, auto: false } } });
    // The creator keeps 95 % of 2.000000001 TON: 1.900000001 (the fee is rounded down).
    pack = await createPack(t, { priceNano: 2_000_000_001n, title: 'Neon Frogs' });
    wallet = freshAddress();
    await setWallet(pack.creator.id, wallet);
  });
  afterEach(() => t.close());

  async function setWallet(userId: number, address: string | null) {
    await t.db.update(tables.users).set({ walletAddress: address }).where(eq(tables.users.id, userId));
  }
  async function sell(method: PaymentMethod, onPack = pack) {
    const buyer = await createUser(t);
    const now = t.clock.now;
    const { order } = await reserveEdition(t.db, { userId: buyer.id, packId: onPack.id, paymentMethod: method, now });
    await fulfilOrder(t.db, { orderId: order.id, paymentRef: `${method}:${order.id}`, now, method });
    return order;
  }
  async function withdraw(creator = pack.creator) {
    return t.app.inject({ method: 'POST', url: '/api/studio/payouts', headers: await authHeaders(t, creator) });
  }
  async function balance(creator = pack.creator) {
    const res = await t.app.inject({ method: 'GET', url: '/api/studio', headers: await authHeaders(t, creator) });
    return StudioResponse.parse(res.json()).balance;
  }
  const payouts = () => t.db.select().from(tables.payouts).orderBy(tables.payouts.id);
  const payoutEntries = () => t.db.select().from(tables.balanceEntries).where(eq(tables.balanceEntries.kind, 'payout'));

  it('moves the whole available balance into one payout to the wallet, exact, and the figure drops at once', async () => {
    await sell('ton');
    await sell('ton');
    await sell('stars'); // pending for 21 days: stays behind
    const res = await withdraw();
    expect(res.statusCode).toBe(201);
    const body = StudioWithdrawal.parse(res.json());
    expect(body.payout).toEqual({ id: expect.any(Number), amount: '3.800000002', state: 'sending' });
    expect(body.balance).toMatchObject({ pending: '1.900000001', available: '0.00', sending: '3.800000002' });
    expect(body.balance).toMatchObject({ paid: '0.00', payoutMin: '1.00' });
    expect(body.balance.entries[0]).toMatchObject({ kind: 'payout', amount: '-3.800000002', payoutState: 'sending' });

    const [payout] = await payouts();
    expect(payout).toMatchObject({ kind: 'creator_payout', amountNano: 3_800_000_002n, status: 'pending' });
    expect(payout!.pays).toMatch(new RegExp(`^balance:${pack.creator.id}:\\d+$`));
    expect(payout!.comment).toBe('Stickerdrop payout: 3.800000002 TON for your sales');
    expect(payout!.destination).toBe((await import('@ton/core')).Address.parse(wallet).toRawString());
    expect(await payoutEntries()).toMatchObject([{ amountNano: -3_800_000_002n, payoutId: payout!.id }]);

    // Confirmed on chain: paid; a payout the wallet could not send puts the money back.
    const settle = async (status: 'confirmed' | 'failed') => {
      const [message] = await t.db
        .insert(tables.payoutMessages)
        .values({
          wallet: 'w',
          seqno: 0,
          validUntil: t.clock.now,
          boc: 'b',
          hash: status,
          signedAt: t.clock.now,
          status: 'landed',
        })
        .returning();
      await t.db
        .update(tables.payouts)
        .set({ status, messageId: message!.id })
        .where(eq(tables.payouts.id, payout!.id));
    };
    await settle('confirmed');
    expect(await balance()).toMatchObject({ available: '0.00', sending: '0.00', paid: '3.800000002' });
    await settle('failed');
    expect(await balance()).toMatchObject({ available: '3.800000002', sending: '0.00', paid: '0.00' });
  });

  it('a double tap pays once: both answers name the same payout', async () => {
    await sell('ton');
    const [first, second] = await Promise.all([withdraw(), withdraw()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().payout).toEqual(second.json().payout);
    expect(await payouts()).toHaveLength(1);
    expect(await payoutEntries()).toHaveLength(1);
    expect(await balance()).toMatchObject({ available: '0.00', sending: '1.900000001' });
  });

  it('money that became available after a withdrawal is a second payout, of exactly that', async () => {
    await sell('ton');
    await sell('stars');
    expect((await withdraw()).statusCode).toBe(201);
    t.clock.advance(21 * DAY_MS + 1);
    const res = await withdraw();
    expect(res.statusCode).toBe(201);
    expect(res.json().payout.amount).toBe('1.900000001');
    expect((await payouts()).map((row) => row.amountNano)).toEqual([1_900_000_001n, 1_900_000_001n]);
  });

  it('refuses with a sentence: nothing available, below PAYOUT_MIN, no wallet, no payout wallet', async () => {
    expect((await withdraw()).json()).toEqual({ error: STUDIO_ERRORS.nothingToWithdraw });
    const cheap = await createPack(t, { priceNano: 500_000_000n });
    await setWallet(cheap.creator.id, freshAddress());
    await sell('ton', cheap);
    const below = await withdraw(cheap.creator);
    expect([below.statusCode, below.json()]).toEqual([409, { error: STUDIO_ERRORS.belowPayoutMinimum }]);
    await sell('stars'); // pending only
    expect((await withdraw()).statusCode).toBe(409);
    await sell('ton');
    await setWallet(pack.creator.id, null);
    const noWallet = await withdraw();
    expect([noWallet.statusCode, noWallet.json()]).toEqual([409, { error: STUDIO_ERRORS.withdrawNeedsWallet }]);
    expect(await payouts()).toEqual([]);
    expect(await balance()).toMatchObject({ available: '1.900000001', sending: '0.00' });

    const stranger = await createUser(t);
    expect((await withdraw(stranger)).statusCode).toBe(403);
  });

  it('answers 503 with a sentence when no payout wallet is configured', async () => {
    await t.close();
    t = await buildTestApp({ kind });
    pack = await createPack(t);
    await setWallet(pack.creator.id, freshAddress());
    await sell('ton');
    const res = await withdraw();
    expect([res.statusCode, res.json()]).toEqual([503, { error: STUDIO_ERRORS.payoutsOff }]);
    expect(await payouts()).toEqual([]);
  });

  it('PAYOUT_AUTO pays every creator at the threshold with a wallet, once', async () => {
    await sell('ton');
    const noWallet = await createPack(t, { priceNano: 2n * TON });
    await sell('ton', noWallet);
    const below = await createPack(t, { priceNano: TON });
    await setWallet(below.creator.id, freshAddress());
    await sell('ton', below); // 0.95 TON
    const log = recordingLog();
    const run = () => payCreatorsDue(t.db, { now: t.clock.now, minNano: TON, log });
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const [payout] = await payouts();
    expect(payout).toMatchObject({ amountNano: 1_900_000_001n });
    expect(await payoutEntries()).toMatchObject([{ creatorId: pack.creator.id, payoutId: payout!.id }]);
    // A tap after the job finds the job's payout on its way.
    const tap = await withdraw();
    expect([tap.statusCode, tap.json().payout.id]).toEqual([200, payout!.id]);
  });
});
