import { Address, Cell } from '@ton/core';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StudioResponse } from '@stickerdrop/shared';
import {
  SecretWords,
  fulfilOrder,
  manualTonRefundReason,
  payTonRefundByPayoutWallet,
  payoutPass,
  reserveEdition,
  type PayoutDeps,
} from '@stickerdrop/core';
import { executeRefund, settlePayment, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders, createPack, type PackFixture } from '../orders/fixtures.js';
import { refundJobs } from '../payments/fixtures.js';
import { TON, freshAddress, messageRows, payoutRows, payoutWorld, type PayoutWorld } from './fixtures.js';

const PAYOUTS_ON = { mnemonic: new SecretWords(['unused']), maxNano: 100n * TON, dailyMaxNano: 1000n * TON };

/**
 * Money out end to end: a creator's withdrawal and a TON refund are written by the API and the refund
 * worker, then paid by the payout wallet's stored message in the real W5 contract (TVM emulator behind a
 * toncenter fake), to the nanoton the ledger says, once, through restarts; and the person is told.
 */
describeEachDatabase('money out through the payout wallet', (kind) => {
  let t: TestApp;
  let world: PayoutWorld;
  let pack: PackFixture;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { payouts: { ...PAYOUTS_ON, minNano: TON, auto: false } } });
    world = await payoutWorld(kind, undefined, { db: t.db, close: () => t.close() });
    pack = await createPack(t, { priceNano: 2_000_000_001n, title: 'Neon Frogs' });
  });
  afterEach(() => world.close());

  async function passesUntil(deps: PayoutDeps, done: () => Promise<boolean>, passes = 6) {
    for (let i = 0; i < passes && !(await done()); i++) await payoutPass(deps);
  }
  const outboxOf = (kind: 'payout_paid' | 'refund_paid' | 'refund_notice') =>
    t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, kind));

  it('a withdrawal pays the creator exactly the ledger’s payout entry, once, and says so', async () => {
    const wallet = freshAddress();
    await t.db.update(tables.users).set({ walletAddress: wallet }).where(eq(tables.users.id, pack.creator.id));
    for (let sale = 0; sale < 3; sale++) {
      const buyer = await createUser(t);
      const { order } = await reserveEdition(t.db, {
        userId: buyer.id,
        packId: pack.id,
        paymentMethod: 'ton',
        now: t.clock.now,
      });
      await fulfilOrder(t.db, { orderId: order.id, paymentRef: `ton:${order.id}`, now: t.clock.now, method: 'ton' });
    }
    const headers = await authHeaders(t, pack.creator);
    const asked = await t.app.inject({ method: 'POST', url: '/api/studio/payouts', headers });
    expect(asked.statusCode).toBe(201);
    const [entry] = await t.db.select().from(tables.balanceEntries).where(eq(tables.balanceEntries.kind, 'payout'));
    expect(entry!.amountNano).toBe(-5_700_000_003n);

    await passesUntil(world.deps, async () => (await payoutRows(t.db))[0]!.status === 'confirmed');
    expect(await world.balance(wallet)).toBe(-entry!.amountNano);
    const [message] = await messageRows(t.db);
    // The same stored message again: the wallet refuses it, nothing more is paid.
    await expect(world.chain.run(Cell.fromBase64(message!.boc))).rejects.toThrow(/not accepted/);
    await payoutPass(world.restart());
    expect(await world.balance(wallet)).toBe(5_700_000_003n);
    expect(await messageRows(t.db)).toHaveLength(1);

    const studio = await t.app.inject({ method: 'GET', url: '/api/studio', headers });
    const balance = StudioResponse.parse(studio.json()).balance;
    expect(balance).toMatchObject({ available: '0.00', sending: '0.00', paid: '5.700000003' });
    expect(balance.entries[0]).toMatchObject({ kind: 'payout', amount: '-5.700000003', payoutState: 'paid' });
    const told = await outboxOf('payout_paid');
    expect(told.map((row) => row.payload)).toEqual([
      {
        userId: pack.creator.id,
        amount: '5.700000003',
        txUrl: expect.stringMatching(/^https:\/\/tonviewer\.com\/transaction\/[0-9a-f]{64}$/),
      },
    ]);
  });

  it('a refund_required TON payment goes back to its sender once, through a restart, and the buyer is told', async () => {
    const sender = freshAddress();
    const buyer = await createUser(t);
    const { order } = await reserveEdition(t.db, {
      userId: buyer.id,
      packId: pack.id,
      paymentMethod: 'ton',
      now: t.clock.now,
    });
    const pay = (ref: string) =>
      settlePayment(
        t.db,
        { method: 'ton', ref, orderId: order.id, amount: pack.priceNano, currency: 'TON', details: { sender } },
        { now: t.clock.now, pays: (row, amount) => amount >= row.amountNano },
      );
    expect((await pay('tx-first')).outcome).toBe('fulfilled');
    expect(await pay('tx-second')).toMatchObject({ outcome: 'refund_required', reason: 'duplicate_payment' });
    const [job] = await refundJobs(t);
    const refundDeps = {
      db: t.db,
      telegram: undefined,
      stripe: undefined,
      now: () => t.clock.now,
      payTonRefund: payTonRefundByPayoutWallet,
    };
    // The refund job runs, the process dies before the outbox row is marked done, the job runs again.
    await executeRefund(refundDeps, job!.payload as never);
    await executeRefund(refundDeps, job!.payload as never);
    const [payment] = await t.db
      .select()
      .from(tables.payments)
      .where(and(eq(tables.payments.method, 'ton'), eq(tables.payments.ref, 'tx-second')));
    const payouts = await payoutRows(t.db);
    expect(payouts).toMatchObject([{ kind: 'refund', pays: `payment:${payment!.id}`, amountNano: pack.priceNano }]);
    expect(payment!.refundStatus).toBe('pending');

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
    await passesUntil(world.restart(), async () => (await payoutRows(t.db))[0]!.status === 'confirmed');
    expect(await world.balance(sender)).toBe(pack.priceNano);
    await executeRefund(refundDeps, job!.payload as never);
    await payoutPass(world.restart());
    expect(await world.balance(sender)).toBe(pack.priceNano);
    expect(await payoutRows(t.db)).toHaveLength(1);

    const [refunded] = await t.db.select().from(tables.payments).where(eq(tables.payments.id, payment!.id));
    expect(refunded).toMatchObject({ refundStatus: 'refunded', refundedAt: expect.any(Date) });
    expect((await outboxOf('refund_paid')).map((row) => row.payload)).toEqual([
      {
        userId: buyer.id,
        amount: '2.000000001',
        title: 'Neon Frogs',
        txUrl: expect.stringMatching(/tonviewer\.com\/transaction\//),
      },
    ]);
    expect((await outboxOf('refund_notice')).map((row) => row.payload)).toEqual([
      { buyerId: buyer.id, title: 'Neon Frogs', reason: 'duplicate_payment', route: 'ton_wallet' },
    ]);
    expect(Address.parse(payouts[0]!.destination).equals(Address.parse(sender))).toBe(true);
  });

  it('what cannot be automated stays manual: no payout wallet, no sender, only part of a payment', async () => {
    const buyer = await createUser(t);
    const { order } = await reserveEdition(t.db, {
      userId: buyer.id,
      packId: pack.id,
      paymentMethod: 'ton',
      now: t.clock.now,
    });
    const pay = (ref: string, details: Record<string, unknown>) =>
      settlePayment(
        t.db,
        { method: 'ton', ref, orderId: order.id, amount: pack.priceNano, currency: 'TON', details },
        { now: t.clock.now, pays: (row, amount) => amount >= row.amountNano },
      );
    await pay('tx-1', { sender: freshAddress() });
    await pay('tx-2', {});
    await pay('tx-3', { sender: freshAddress() });
    const [noSender, noWallet] = await refundJobs(t);
    const deps = { db: t.db, telegram: undefined, stripe: undefined, now: () => t.clock.now };
    await executeRefund({ ...deps, payTonRefund: payTonRefundByPayoutWallet }, noSender!.payload as never);
    await executeRefund(deps, noWallet!.payload as never);
    const rows = await t.db.select().from(tables.payments).where(eq(tables.payments.outcome, 'refund_required'));
    expect(rows.map((row) => [row.ref, row.refundStatus, row.details['manualRefund']]).sort()).toEqual([
      ['tx-2', 'manual', 'no sender address'],
      ['tx-3', 'manual', 'no payout wallet configured'],
    ]);
    expect(await payoutRows(t.db)).toEqual([]);
    // A resale's payment reaches the marketplace only as its fee leg: that part alone cannot be the refund.
    const leg = rows.find((row) => row.ref === 'tx-3');
    expect(manualTonRefundReason({ ...leg!, amount: 50_000_000n }, '2.000000001', payTonRefundByPayoutWallet)).toBe(
      'only part of the payment reached the marketplace',
    );
    expect((await outboxOf('refund_notice')).map((row) => (row.payload as { route: string }).route)).toEqual([
      'ton',
      'ton',
    ]);
  });
});
