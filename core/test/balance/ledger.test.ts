import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PaymentMethod } from '@stickerdrop/shared';
import {
  type Database,
  buyListing,
  creatorBalance,
  fulfilOrder,
  listEdition,
  reserveEdition,
  settleStarsPayment,
} from '../../src/index.js';
import { revokeRefundedStarsEdition } from '../../src/payments/stars/revoke.js';
import { primarySaleCredit, primarySaleCreditInserts } from '../../src/balance/index.js';
import { executeAsOne } from '../../src/db/writes-as-one.js';
import { resaleLedger, tables } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY_MS = 86_400_000;
const daysAfter = (days: number, ms = 0) => new Date(NOW.getTime() + days * DAY_MS + ms);
/** An odd price, so the fee's rounding shows: 5 % of it is 125_000_000.05 nanotons, rounded down. */
const PRICE = 2_500_000_001n;
const SHARE = 2_375_000_001n;
const TERMS = { primaryFeeBps: 500, cardHoldDays: 7 };

/**
 * The creator balance is written by the settlement itself: each sale the marketplace was paid for credits
 * the creator's share, pending while the rail can take the money back, then available; a Stars refund
 * before then reverses it. Times come from the caller, never the clock.
 */
describeEachDatabase('the creator balance', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let creator: number;
  let pack: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    creator = await createUser(db, { isCreator: true });
    pack = await insertPack(db, creator, { priceNano: PRICE });
  });
  afterEach(() => handle.close());

  async function sell(method: PaymentMethod, at = NOW, terms = TERMS) {
    const { order } = await reserveEdition(db, {
      userId: await createUser(db),
      packId: pack,
      paymentMethod: method,
      now: at,
    });
    await fulfilOrder(db, { orderId: order.id, paymentRef: `${method}:${order.id}`, now: at, method, balance: terms });
    return order;
  }
  const entries = () => db.select().from(tables.balanceEntries).orderBy(asc(tables.balanceEntries.id));
  const balanceAt = (at: Date) => creatorBalance(db, creator, at);

  it('a Stars sale credits the share pending for 21 days, then available, to the nanoton', async () => {
    const order = await sell('stars');

    expect(await entries()).toMatchObject([
      { creatorId: creator, kind: 'primary_sale', amountNano: SHARE, orderId: order.id, packId: pack, serial: 1 },
    ]);
    expect(await balanceAt(NOW)).toEqual({ pendingNano: SHARE, availableNano: 0n, sendingNano: 0n, paidNano: 0n });
    expect(await balanceAt(daysAfter(21, -1))).toEqual({
      pendingNano: SHARE,
      availableNano: 0n,
      sendingNano: 0n,
      paidNano: 0n,
    });
    expect(await balanceAt(daysAfter(21))).toEqual({
      pendingNano: 0n,
      availableNano: SHARE,
      sendingNano: 0n,
      paidNano: 0n,
    });
  });

  it('a card sale is pending for CARD_PAYOUT_HOLD_DAYS, at that fee', async () => {
    await sell('stripe', NOW, { primaryFeeBps: 1000, cardHoldDays: 7 });
    const share = PRICE - PRICE / 10n;

    expect(await balanceAt(daysAfter(7, -1))).toEqual({
      pendingNano: share,
      availableNano: 0n,
      sendingNano: 0n,
      paidNano: 0n,
    });
    expect(await balanceAt(daysAfter(7))).toEqual({
      pendingNano: 0n,
      availableNano: share,
      sendingNano: 0n,
      paidNano: 0n,
    });
  });

  it('a TON sale is available at once, and sums add up exactly across rails', async () => {
    await sell('ton');
    expect(await balanceAt(NOW)).toEqual({ pendingNano: 0n, availableNano: SHARE, sendingNano: 0n, paidNano: 0n });
    await sell('stars');
    await sell('stripe');
    expect(await balanceAt(NOW)).toEqual({
      pendingNano: 2n * SHARE,
      availableNano: SHARE,
      sendingNano: 0n,
      paidNano: 0n,
    });
    expect(await balanceAt(daysAfter(21))).toEqual({
      pendingNano: 0n,
      availableNano: 3n * SHARE,
      sendingNano: 0n,
      paidNano: 0n,
    });
  });

  it('a demo payment credits nothing: no money came in', async () => {
    await buyAndPay(db, await createUser(db), pack, NOW);
    expect(await entries()).toEqual([]);
  });

  it('a settlement run again credits once', async () => {
    const order = await sell('stars');
    const again = await fulfilOrder(db, {
      orderId: order.id,
      paymentRef: `stars:${order.id}`,
      now: daysAfter(1),
      method: 'stars',
      balance: TERMS,
    });
    expect(again.outcome).toBe('already_fulfilled');
    // Even a credit written twice by hand: one row per order and kind.
    const [edition] = await db.select().from(tables.editions).where(eq(tables.editions.orderId, order.id));
    const credit = primarySaleCredit(
      { creatorId: creator, priceNano: PRICE, rail: 'stars', at: NOW, terms: TERMS },
      { orderId: order.id, id: edition!.id, packId: edition!.packId, serial: edition!.serial },
    );
    await db.transaction((tx) => executeAsOne(tx, primarySaleCreditInserts([credit!])));
    expect((await entries()).map((entry) => entry.kind)).toEqual(['primary_sale']);
    expect(await balanceAt(daysAfter(21))).toMatchObject({ availableNano: SHARE });
  });

  async function paidInStars(chargeId: string) {
    const buyer = await createUser(db);
    const { order } = await reserveEdition(db, { userId: buyer, packId: pack, paymentMethod: 'stars', now: NOW });
    const payment = { kind: 'stars' as const, invoiceLink: 'https://t.me/$invoice', stars: 626 };
    await db.update(tables.orders).set({ payment }).where(eq(tables.orders.id, order.id));
    const settled = await settleStarsPayment(db, {
      payload: order.id,
      chargeId,
      payerId: buyer,
      currency: 'XTR',
      totalAmount: 626,
      now: NOW,
      balance: TERMS,
    });
    expect(settled.outcome).toBe('fulfilled');
    return order;
  }

  it('a Stars refund before 21 days takes the edition back and reverses the credit, once', async () => {
    const order = await paidInStars('charge-1');
    const refundedAt = daysAfter(5);

    expect(await revokeRefundedStarsEdition(db, { chargeId: 'charge-1', now: refundedAt })).toBe('revoked');
    expect(await revokeRefundedStarsEdition(db, { chargeId: 'charge-1', now: daysAfter(6) })).toBe('already_handled');

    const rows = await entries();
    expect(rows).toMatchObject([
      { kind: 'primary_sale', amountNano: SHARE, orderId: order.id, serial: 1 },
      { kind: 'reversal', amountNano: -SHARE, orderId: order.id, serial: 1, createdAt: refundedAt },
    ]);
    expect(rows[1]!.availableAt).toEqual(rows[0]!.availableAt);
    for (const at of [refundedAt, daysAfter(21), daysAfter(40)]) {
      expect(await balanceAt(at)).toEqual({ pendingNano: 0n, availableNano: 0n, sendingNano: 0n, paidNano: 0n });
    }
  });

  it('a Stars refund of an edition already on the market reverses the pending credit, and leaves the edition', async () => {
    const order = await paidInStars('charge-3');
    await db
      .update(tables.users)
      .set({ walletAddress: `0:${'ef'.repeat(32)}` })
      .where(eq(tables.users.id, order.userId));
    const [edition] = await db.select().from(tables.editions).where(eq(tables.editions.orderId, order.id));
    await listEdition(db, { userId: order.userId, editionId: edition!.id, price: '4', now: NOW, starsLockDays: 0 });

    expect(await revokeRefundedStarsEdition(db, { chargeId: 'charge-3', now: daysAfter(2) })).toBe('resold');
    expect((await entries()).map((entry) => [entry.kind, entry.amountNano])).toEqual([
      ['primary_sale', SHARE],
      ['reversal', -SHARE],
    ]);
    expect(await balanceAt(daysAfter(21))).toEqual({
      pendingNano: 0n,
      availableNano: 0n,
      sendingNano: 0n,
      paidNano: 0n,
    });
  });

  it('a Stars refund after the hold leaves the available credit where it is', async () => {
    await paidInStars('charge-2');
    expect(await revokeRefundedStarsEdition(db, { chargeId: 'charge-2', now: daysAfter(22) })).toBe('revoked');
    expect((await entries()).map((entry) => entry.kind)).toEqual(['primary_sale']);
    expect(await balanceAt(daysAfter(22))).toEqual({
      pendingNano: 0n,
      availableNano: SHARE,
      sendingNano: 0n,
      paidNano: 0n,
    });
  });

  async function resold(payWith: PaymentMethod | undefined) {
    const seller = await createUser(db);
    const { editionId } = await buyAndPay(db, seller, pack, NOW);
    await db
      .update(tables.users)
      .set({ walletAddress: `0:${'ab'.repeat(32)}` })
      .where(eq(tables.users.id, seller));
    const { listing } = await listEdition(db, {
      userId: seller,
      editionId: editionId!,
      price: '3',
      now: NOW,
      starsLockDays: 0,
    });
    const purchase = { paymentMethod: 'demo' as const, ton: null, feeBps: 250, now: NOW };
    const { order } = await buyListing(db, { userId: await createUser(db), listingId: listing.id, ...purchase });
    const paid = await fulfilOrder(db, {
      orderId: order.id,
      paymentRef: `resale:${order.id}`,
      now: NOW,
      ...(payWith && { method: payWith }),
    });
    expect(paid.outcome).toBe('fulfilled');
    return { order, editionId: editionId! };
  }

  it('a royalty the creator had no wallet for is credited to them, available at once', async () => {
    const { order, editionId } = await resold('ton');
    // 5 % royalty (the pack's default) of 3 TON.
    expect(await entries()).toMatchObject([
      { kind: 'royalty', amountNano: 150_000_000n, orderId: order.id, editionId, serial: 1, rail: 'ton' },
    ]);
    const [ledger] = await db
      .select()
      .from(resaleLedger)
      .where(and(eq(resaleLedger.orderId, order.id), eq(resaleLedger.leg, 'royalty')));
    expect(ledger).toMatchObject({ status: 'owed', amountNano: 150_000_000n });
    expect(await balanceAt(NOW)).toEqual({
      pendingNano: 0n,
      availableNano: 150_000_000n,
      sendingNano: 0n,
      paidNano: 0n,
    });
  });

  it('a royalty paid to the creator’s wallet, or a resale on the demo rail, credits nothing', async () => {
    await resold(undefined);
    await db
      .update(tables.users)
      .set({ walletAddress: `0:${'cd'.repeat(32)}` })
      .where(eq(tables.users.id, creator));
    await resold('ton');
    expect(await entries()).toEqual([]);
  });
});
