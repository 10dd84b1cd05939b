import { Address } from '@ton/core';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { STUDIO_ERRORS, StudioResponse, formatTon, type Order, type PrimaryLegs } from '@stickerdrop/shared';
import {
  PAYOUT_STOPPED_FOR_DEBT,
  SecretWords,
  creatorBalance,
  payTonRefundByPayoutWallet,
  payoutPass,
  takeDownPack,
  withdrawBalance,
  type PayTonRefund,
  type PayoutDeps,
} from '@stickerdrop/core';
import { executeRefund, settlePayment, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, createPack, type PackFixture } from '../orders/fixtures.js';
import { railsConfig, refundJobs } from '../payments/fixtures.js';
import { TON, freshAddress, payoutRows, payoutWorld, type PayoutWorld } from '../payouts/fixtures.js';

const OPERATOR = 4_242_001;
/** An odd price, so every split is seen to the nanoton: the 5 % fee is 61 728 394 (rounded down). */
const PRICE = 1_234_567_891n;
const SHARE = PRICE - 61_728_394n;
const PAYOUTS_ON = { mnemonic: new SecretWords(['unused']), maxNano: 100n * TON, dailyMaxNano: 1000n * TON };

/**
 * A copyright takedown of TON primary sales: one paid the creator's share on chain in the buyer's
 * transaction (the marketplace received only the fee leg), one was made before the creator linked a wallet
 * (their share credited, available at once). The payout wallet (the real W5 contract in the TVM emulator)
 * refunds each buyer the full price exactly once, through a crash of the refund job and of the payout
 * process; the creator's ledger takes both shares back, the second as a debt, and no payout goes out
 * while it lasts.
 */
describeEachDatabase('a copyright takedown of TON primary sales, through the payout wallet', (kind) => {
  let t: TestApp;
  let world: PayoutWorld;
  let pack: PackFixture;
  beforeEach(async () => {
    const rails = railsConfig({ indexerUrl: 'http://127.0.0.1:9/' });
    const payouts = { ...PAYOUTS_ON, minNano: TON / 10n, auto: false };
    t = await buildTestApp({ kind, config: { ...rails, operatorIds: [OPERATOR], payouts } });
    world = await payoutWorld(kind, undefined, { db: t.db, close: () => t.close() });
    pack = await createPack(t, { priceNano: PRICE, title: 'Borrowed Mice' });
  });
  afterEach(() => world.close());

  const refundDeps = (payTonRefund: PayTonRefund | undefined = payTonRefundByPayoutWallet) => ({
    db: t.db,
    telegram: undefined,
    stripe: undefined,
    now: () => t.clock.now,
    payTonRefund,
  });

  /** The buyer orders through the API and the watcher settles what arrived at the marketplace's address. */
  async function buyInTon(buyer: TestUser, sender: string): Promise<Order> {
    const bought = await buy(t, buyer, pack.id, 'ton');
    expect(bought.statusCode, bought.error).toBe(201);
    const legs = (bought.order.payment as { legs: PrimaryLegs }).legs;
    const paid = await settlePayment(
      t.db,
      {
        method: 'ton',
        ref: `tx-${buyer.id}`,
        orderId: bought.order.id,
        amount: BigInt(legs.fee.amount),
        currency: 'TON',
        details: { sender },
      },
      { now: t.clock.now, pays: (row, amount) => amount >= BigInt(legs.fee.amount) },
    );
    expect(paid.outcome).toBe('fulfilled');
    return bought.order;
  }

  const withdraw = async () =>
    t.app.inject({ method: 'POST', url: '/api/studio/payouts', headers: await authHeaders(t, pack.creator) });
  const linkWallet = (userId: number, wallet: string | null) =>
    t.db.update(tables.users).set({ walletAddress: wallet }).where(eq(tables.users.id, userId));
  const takeDown = async () =>
    t.app.inject({
      method: 'POST',
      url: `/api/ops/packs/${pack.id}/takedown`,
      headers: await authHeaders(t, { id: OPERATOR } as TestUser),
      payload: { reason: 'copyright', note: 'DMCA' },
    });
  async function passesUntil(deps: PayoutDeps, done: () => Promise<boolean>, passes = 8) {
    for (let i = 0; i < passes && !(await done()); i++) await payoutPass(deps);
  }

  it('refunds each buyer the full price once, takes both shares back, and no payout goes out in debt', async () => {
    await createUser(t, { id: OPERATOR });
    const [early, late] = [await createUser(t), await createUser(t)];
    const [earlyWallet, lateWallet, creatorWallet] = [freshAddress(), freshAddress(), freshAddress()];
    // Before the creator linked a wallet: one leg to the marketplace, the share credited (TON: available).
    const credited = await buyInTon(early, earlyWallet);
    expect((credited.payment as { legs: PrimaryLegs }).legs.creator).toBeNull();
    await linkWallet(pack.creator.id, creatorWallet);
    // The creator withdraws that share; the payout waits to be signed when the takedown comes.
    expect((await withdraw()).statusCode).toBe(201);
    const paidOnChain = await buyInTon(late, lateWallet);
    expect((paidOnChain.payment as { legs: PrimaryLegs }).legs.creator!.amount).toBe(SHARE.toString());

    const takedown = await takeDown();
    expect(takedown.statusCode, takedown.body).toBe(200);
    expect(takedown.json()).toMatchObject({ takedown: { refundsQueued: 2 } });

    // Each refund job runs, and runs again as after a crash before its outbox row was marked done.
    const jobs = await refundJobs(t);
    expect(jobs).toHaveLength(2);
    for (const job of [...jobs, ...jobs]) await executeRefund(refundDeps(), job.payload as never);
    const refunds = (await payoutRows(t.db)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => row.amountNano)).toEqual([PRICE, PRICE]);
    const destinations = refunds.map((row) => Address.parse(row.destination));
    expect(destinations.some((address) => address.equals(Address.parse(earlyWallet)))).toBe(true);
    expect(destinations.some((address) => address.equals(Address.parse(lateWallet)))).toBe(true);

    // The ledger: the credited share reversed, the share paid on chain owed; the withdrawal stopped unsigned.
    const entries = await t.db
      .select()
      .from(tables.balanceEntries)
      .where(eq(tables.balanceEntries.creatorId, pack.creator.id))
      .orderBy(tables.balanceEntries.id);
    const rows = entries.map((entry) => [entry.kind, entry.orderId, entry.amountNano, entry.rail]);
    expect(rows.slice(0, 2)).toEqual([
      ['primary_sale', credited.id, SHARE, 'ton'],
      ['payout', null, -SHARE, 'ton'],
    ]);
    expect(rows.slice(2)).toHaveLength(2);
    expect(rows.slice(2)).toEqual(
      expect.arrayContaining([
        ['reversal', credited.id, -SHARE, 'ton'],
        ['reversal', paidOnChain.id, -SHARE, 'ton'],
      ]),
    );
    expect(entries.find((entry) => entry.orderId === paidOnChain.id)!.serial).toBe(2);
    const [withdrawal] = (await payoutRows(t.db)).filter((row) => row.kind === 'creator_payout');
    expect(withdrawal).toMatchObject({ status: 'failed', reason: PAYOUT_STOPPED_FOR_DEBT, messageId: null });
    expect((await creatorBalance(t.db, pack.creator.id, t.clock.now)).availableNano).toBe(-SHARE);
    const refused = await withdraw();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: STUDIO_ERRORS.balanceOwed });
    // The studio shows the debt, and the stopped withdrawal as not sent.
    const studio = await t.app.inject({
      method: 'GET',
      url: '/api/studio',
      headers: await authHeaders(t, pack.creator),
    });
    const balance = StudioResponse.parse(studio.json()).balance;
    expect(balance).toMatchObject({ available: formatTon(-SHARE), sending: '0.00', paid: '0.00' });
    expect(balance.entries.find((entry) => entry.kind === 'payout')).toMatchObject({ payoutState: 'failed' });

    // The payout process is killed after the TON service took the message; a restart follows it to the end.
    const dying: PayoutDeps = {
      ...world.deps,
      sender: {
        ...world.deps.sender,
        async sendBoc(boc) {
          await world.deps.sender.sendBoc(boc);
          throw new Error('process killed after the service took the message');
        },
      },
    };
    await expect(payoutPass(dying)).rejects.toThrow(/killed/);
    const settled = async () => (await payoutRows(t.db)).every((row) => ['confirmed', 'failed'].includes(row.status));
    await passesUntil(world.restart(), settled);
    for (const job of jobs) await executeRefund(refundDeps(), job.payload as never);
    await payoutPass(world.restart());
    expect(await world.balance(earlyWallet)).toBe(PRICE);
    expect(await world.balance(lateWallet)).toBe(PRICE);
    expect(await world.balance(creatorWallet)).toBe(0n);
    expect(await payoutRows(t.db)).toHaveLength(3);
    const payments = await t.db.select().from(tables.payments).orderBy(tables.payments.id);
    expect(payments.map((row) => row.refundStatus)).toEqual(['refunded', 'refunded']);

    // A later sale credited to the creator pays the debt back first.
    await linkWallet(pack.creator.id, null);
    const other = await createPack(t, { priceNano: 2n * PRICE });
    await t.db.update(tables.packs).set({ creatorId: pack.creator.id }).where(eq(tables.packs.id, other.id));
    pack = { ...other, creator: pack.creator };
    await buyInTon(await createUser(t), freshAddress());
    const after = await creatorBalance(t.db, pack.creator.id, t.clock.now);
    expect(after.availableNano).toBe(2n * PRICE - (2n * PRICE * 500n) / 10_000n - SHARE);
  });

  it('a payment that paid its creator on chain but bought nothing goes back in full, and the creator owes their leg', async () => {
    const [buyer, wallet, creatorWallet] = [await createUser(t), freshAddress(), freshAddress()];
    await linkWallet(pack.creator.id, creatorWallet);
    const lapsed = await buy(t, buyer, pack.id, 'ton');
    expect(lapsed.statusCode, lapsed.error).toBe(201);
    t.clock.advance(16 * 60_000); // the reservation lapses; the buyer reserves again and pays that order
    await buyInTon(buyer, wallet);
    const legs = (lapsed.order.payment as { legs: PrimaryLegs }).legs;
    expect(legs.creator!.amount).toBe(SHARE.toString());
    // The first order's transfer arrives after all, both legs paid: the buyer owns an edition already.
    const late = await settlePayment(
      t.db,
      {
        method: 'ton',
        ...{ ref: 'tx-late', orderId: lapsed.order.id, amount: BigInt(legs.fee.amount), currency: 'TON' },
        details: { sender: wallet },
      },
      { now: t.clock.now, pays: (row, amount) => amount >= BigInt(legs.fee.amount) },
    );
    expect(late).toMatchObject({ outcome: 'refund_required', reason: 'already_owned' });

    const jobs = await refundJobs(t, lapsed.order.id);
    expect(jobs).toHaveLength(1);
    for (const job of [...jobs, ...jobs]) await executeRefund(refundDeps(), job.payload as never);
    const [refund] = (await payoutRows(t.db)).filter((row) => row.kind === 'refund');
    expect(refund).toMatchObject({ amountNano: PRICE });
    expect(Address.parse(refund!.destination).equals(Address.parse(wallet))).toBe(true);
    const reversals = await t.db.select().from(tables.balanceEntries).where(eq(tables.balanceEntries.kind, 'reversal'));
    expect(reversals.map((entry) => [entry.orderId, entry.amountNano, entry.serial])).toEqual([
      [lapsed.order.id, -SHARE, null],
    ]);
    expect((await creatorBalance(t.db, pack.creator.id, t.clock.now)).availableNano).toBe(-SHARE);
    await passesUntil(world.deps, async () => (await world.balance(wallet)) === PRICE);
    expect(await world.balance(wallet)).toBe(PRICE);
  });

  it('without a payout wallet the refund stays queued for a person, and the ledger is left to them', async () => {
    await createUser(t, { id: OPERATOR });
    await linkWallet(pack.creator.id, freshAddress());
    await buyInTon(await createUser(t), freshAddress());
    expect((await takeDown()).statusCode).toBe(200);
    const [job] = await refundJobs(t);
    const noWallet = { ...refundDeps(), payTonRefund: undefined };
    await executeRefund(noWallet, job!.payload as never);
    const [payment] = await t.db.select().from(tables.payments);
    expect(payment).toMatchObject({ refundStatus: 'manual' });
    expect(payment!.details['manualRefund']).toBe('no payout wallet configured');
    expect(await payoutRows(t.db)).toEqual([]);
    expect(await t.db.select().from(tables.balanceEntries)).toEqual([]);
  });
});

/** Real Postgres only: PGlite runs one transaction at a time and would hide the race. */
describePostgres('a creator’s withdrawal racing the refund that takes their share back', () => {
  let t: TestApp;
  beforeEach(async () => {
    const rails = railsConfig({ indexerUrl: 'http://127.0.0.1:9/' });
    const payouts = { ...PAYOUTS_ON, minNano: TON / 10n, auto: false };
    t = await buildTestApp({ kind: 'postgres', config: { ...rails, payouts } });
  });
  afterEach(() => t.close());

  it('either the withdrawal is refused or its payout is stopped unsigned; the balance ends at zero', async () => {
    for (let round = 0; round < 6; round++) {
      const pack = await createPack(t, { priceNano: PRICE });
      const buyer = await createUser(t);
      const bought = await buy(t, buyer, pack.id, 'ton');
      const paid = await settlePayment(
        t.db,
        {
          method: 'ton',
          ref: `tx-race-${round}`,
          orderId: bought.order.id,
          amount: PRICE,
          currency: 'TON',
          details: { sender: freshAddress() },
        },
        { now: t.clock.now, pays: (row, amount) => amount >= row.amountNano },
      );
      expect(paid.outcome).toBe('fulfilled');
      const creatorId = pack.creator.id;
      await t.db.update(tables.users).set({ walletAddress: freshAddress() }).where(eq(tables.users.id, creatorId));
      await takeDownPack(t.db, {
        operatorId: OPERATOR,
        packId: pack.id,
        reason: 'copyright',
        note: '',
        now: t.clock.now,
      });
      const [job] = await refundJobs(t, bought.order.id);
      const deps = { db: t.db, telegram: undefined, stripe: undefined, now: () => t.clock.now };
      const [withdrawal, refund] = await Promise.allSettled([
        withdrawBalance(t.db, { creatorId, now: t.clock.now, minNano: TON / 10n }),
        executeRefund({ ...deps, payTonRefund: payTonRefundByPayoutWallet }, job!.payload as never),
      ]);
      expect(refund.status).toBe('fulfilled');
      const payouts = await t.db
        .select({ status: tables.payouts.status })
        .from(tables.payouts)
        .innerJoin(tables.balanceEntries, eq(tables.balanceEntries.payoutId, tables.payouts.id))
        .where(eq(tables.balanceEntries.creatorId, creatorId));
      if (withdrawal.status === 'fulfilled') {
        expect(payouts).toEqual([{ status: 'failed' }]);
      } else {
        expect(String(withdrawal.reason)).toMatch(STUDIO_ERRORS.nothingToWithdraw);
        expect(payouts).toEqual([]);
      }
      expect((await creatorBalance(t.db, creatorId, t.clock.now)).availableNano).toBe(0n);
    }
  });
});
