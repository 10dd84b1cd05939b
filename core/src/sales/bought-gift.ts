import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { editions, gifts } from '../db/schema.js';

/**
 * The gift an order buys (`asGift`), beside the order's other rules: every path that reserves or settles an
 * order reaches it, and the gifts feature builds on it (a gift's code and its time to claim are made here).
 */

/** 128 random bits, base64url (22 characters): what a gift's link carries, never guessed. */
export function newGiftCode(): string {
  return randomBytes(16).toString('base64url');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a gift made (or paid for) at `at` returns to its sender unclaimed. */
export function giftExpiry(at: Date, claimDays: number): Date {
  return new Date(at.getTime() + claimDays * DAY_MS);
}

/**
 * Buying as a gift: the order's gift, written beside its reservation in the buyer's transaction. It names
 * no edition until the order is paid (`openBoughtGift`), so its code can be on the receipt.
 */
export async function recordBoughtGift(
  tx: DbOrTx,
  order: { id: string; userId: number; packId: number },
  input: { claimDays: number; now: Date },
): Promise<void> {
  await tx
    .insert(gifts)
    .values({
      code: newGiftCode(),
      packId: order.packId,
      senderId: order.userId,
      orderId: order.id,
      status: 'unpaid',
      claimDays: input.claimDays,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: gifts.orderId });
}

/** The gift an order buys, while it waits for the order's payment. */
export interface BoughtGift {
  id: number;
  code: string;
  claimDays: number;
}

/**
 * The gift an unpaid order buys, its row locked, or null when it buys none: read once when its payment
 * settles, for the receipt's claim link and then to open it.
 */
export async function boughtGiftOf(tx: DbOrTx, orderId: string): Promise<BoughtGift | null> {
  const [gift] = await tx
    .select({ id: gifts.id, code: gifts.code, claimDays: gifts.claimDays })
    .from(gifts)
    .where(and(eq(gifts.orderId, orderId), eq(gifts.status, 'unpaid')))
    .for('update');
  return gift ?? null;
}

/**
 * The order bought as a gift is paid: its gift names the edition it bought and starts waiting to be
 * claimed, in the transaction that settles the payment.
 */
export async function openBoughtGift(
  tx: DbOrTx,
  gift: BoughtGift,
  order: { id: string; editionId: number | null },
  now: Date,
): Promise<void> {
  // A resale order names its edition; a primary one minted it.
  const [minted] = order.editionId
    ? [{ id: order.editionId }]
    : await tx.select({ id: editions.id }).from(editions).where(eq(editions.orderId, order.id));
  if (!minted) return;
  await tx
    .update(gifts)
    .set({ status: 'pending', editionId: minted.id, expiresAt: giftExpiry(now, gift.claimDays) })
    .where(eq(gifts.id, gift.id));
}
