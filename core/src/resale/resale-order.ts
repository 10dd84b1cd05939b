import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ORDER_RESERVATION_MS, type PaymentInstructions, type PaymentMethod } from '@stickerdrop/shared';
import type { Transaction } from '../db/client.js';
import { orders, packs, users } from '../db/schema.js';
import { assertWithinPerUserLimit } from '../drops/rules.js';
import type { DomainError } from '../errors.js';
import type { OrderRow } from '../db/order-record.js';
import { resaleTonPayment, type TonTarget } from '../sales/ton-legs.js';

/**
 * How long past the wallet's validUntil a TON resale reservation is kept: a transaction the wallet signed
 * in time reaches the chain within seconds, and this leaves the watcher time to confirm it, so a payment
 * made in time is never met by a listing sold to someone else.
 */
export const CHAIN_GRACE_MS = 3 * 60 * 1000;

/** One edition sold from one owner to one buyer at one price, from a listing or an accepted offer. */
export interface ResaleOrderTerms {
  buyerId: number;
  sellerId: number;
  packId: number;
  editionId: number;
  priceNano: bigint;
  source: { listingId: number } | { offerId: number };
  paymentMethod: PaymentMethod;
  /** Where the TON legs go; null pays on the demo rail (demo mode). */
  ton: TonTarget | null;
  feeBps: number;
  now: Date;
  /** The refusal when the seller has no wallet left to take their share on chain. */
  sellerWithoutWallet: () => DomainError;
}

/**
 * Inserts the resale order, in the caller's transaction under the edition's row lock, with its payment at
 * once: the TON legs (seller, creator's royalty, our fee) are computed, never fetched, so nothing can fail
 * after the commit. The buyer's per-collector cap (fair drops) holds for resale too. Returns the order as
 * written and when its buyer must have paid by.
 */
export async function insertResaleOrder(
  tx: Transaction,
  terms: ResaleOrderTerms,
): Promise<{ id: string; payBy: Date; order: OrderRow }> {
  const [pack] = await tx
    .select({ royaltyBps: packs.royaltyBps, creatorWallet: users.walletAddress, maxPerUser: packs.maxPerUser })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.creatorId))
    .where(eq(packs.id, terms.packId));
  const id = randomUUID();
  const reservationEnd = terms.now.getTime() + ORDER_RESERVATION_MS;
  let payment: PaymentInstructions = { kind: 'demo' };
  if (terms.ton) {
    const [seller] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, terms.sellerId));
    if (!seller?.wallet) throw terms.sellerWithoutWallet();
    payment = resaleTonPayment(
      {
        orderId: id,
        priceNano: terms.priceNano,
        royaltyBps: pack!.royaltyBps,
        feeBps: terms.feeBps,
        sellerWallet: seller.wallet,
        creatorWallet: pack!.creatorWallet,
        validUntil: Math.floor(reservationEnd / 1000),
      },
      terms.ton,
    );
  }
  const [order] = await tx
    .insert(orders)
    .values({
      id,
      kind: 'resale',
      userId: terms.buyerId,
      packId: terms.packId,
      ...terms.source,
      editionId: terms.editionId,
      royaltyBps: pack!.royaltyBps,
      feeBps: terms.feeBps,
      paymentMethod: terms.paymentMethod,
      amountNano: terms.priceNano,
      payment,
      expiresAt: new Date(reservationEnd + (terms.ton ? CHAIN_GRACE_MS : 0)),
      createdAt: terms.now,
    })
    .returning();
  // Fair drops: the reservation just written counts; past the pack's cap it is rolled back with a 409.
  await assertWithinPerUserLimit(tx, {
    userId: terms.buyerId,
    packId: terms.packId,
    now: terms.now,
    maxPerUser: pack!.maxPerUser,
  });
  return { id, payBy: new Date(reservationEnd), order: order! };
}
