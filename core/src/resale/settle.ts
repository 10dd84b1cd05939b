import { eq } from 'drizzle-orm';
import { formatTon, splitResalePrice, type PaymentMethod } from '@stickerdrop/shared';
import { DEFAULT_BALANCE_TERMS, balanceRailOf, creditOwedRoyalty } from '../balance/index.js';
import type { Transaction } from '../db/client.js';
import { orders, packs, users } from '../db/schema.js';
import { enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { refundRequiredMessage } from '../sales/notices.js';
import { outboxKey } from '../outbox/keys.js';
import type { ResalePayload } from '../outbox/kinds/index.js';
import type { OrderRow } from '../db/order-record.js';
import type { FulfilInput, FulfilResult } from '../sales/order.js';
import { giftPending, liveHolder, lockActiveListing, lockEdition } from './holds.js';
import { moveEdition } from './move-edition.js';
import { resaleLegsOf } from '../sales/ton-legs.js';
import { listings, offers, resaleLedger } from './tables.js';

/**
 * Settles a payment for a resale order (the caller, fulfilOrder, holds the order's row lock and has ruled
 * out a settled order). Locks the edition, then the listing. The sale goes through when the listing is
 * still active at the order's price (or, for an order from an offer, the offer is accepted at that price),
 * the seller still owns the edition, and no other live reservation or pending gift holds it (the order's own
 * may have lapsed); then, in this one transaction: the buyer owns the edition, the
 * listing is sold, the order is paid, the ledger gets its three legs (a royalty the creator had no wallet
 * for is credited to their balance), the feed its sale, and the outbox the
 * three messages (plus the seller's sticker set removal when they own no other edition of the pack).
 * Otherwise the order is refund_required ('listing_gone') and nothing changes hands.
 */
export async function fulfilResaleOrder(
  tx: Transaction,
  order: OrderRow,
  input: FulfilInput & { method: PaymentMethod; giftCode: string | null },
): Promise<FulfilResult> {
  const edition = await lockEdition(tx, order.editionId!);
  const [pack] = await tx.select().from(packs).where(eq(packs.id, order.packId));
  const settled = { paymentMethod: input.method, paymentRef: input.paymentRef };
  const terms = order.offerId === null ? await listingTerms(tx, order) : await offerTerms(tx, order);
  const sellable =
    edition &&
    terms &&
    terms.priceNano === order.amountNano &&
    edition.ownerId === terms.sellerId &&
    !(await liveHolder(tx, edition.id, input.now, order.id)) &&
    !(await giftPending(tx, edition.id, input.now));
  if (!sellable || !pack) {
    const reason = order.offerId === null ? 'listing_gone' : 'offer_gone';
    const [refused] = await tx
      .update(orders)
      .set({ status: 'refund_required', ...settled })
      .where(eq(orders.id, order.id))
      .returning();
    const payment = { method: input.method, paymentRef: input.paymentRef };
    const soldPack = { id: order.packId, title: pack?.title ?? '' };
    await enqueueOutboxMessages(tx, [refundRequiredMessage(order, soldPack, payment, reason)]);
    return { outcome: 'refund_required', order: { ...refused!, edition: null }, refundReason: reason };
  }

  const sellerId = terms.sellerId;
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: input.now, ...settled })
    .where(eq(orders.id, order.id))
    .returning();

  const split = splitResalePrice(order.amountNano, order.royaltyBps!, order.feeBps!);
  const royaltyOwed = split.royalty > 0n && !(await royaltyWentToCreator(tx, order, pack.creatorId));
  const legs = resaleLegsOf(order.payment);
  await tx.insert(resaleLedger).values([
    {
      orderId: order.id,
      leg: 'seller',
      recipientId: sellerId,
      address: legs?.seller.address ?? null,
      amountNano: split.seller,
      status: 'paid',
    },
    {
      orderId: order.id,
      leg: 'royalty',
      recipientId: pack.creatorId,
      address: royaltyOwed ? null : (legs?.royalty?.address ?? null),
      amountNano: split.royalty,
      status: royaltyOwed ? 'owed' : 'paid',
    },
    {
      orderId: order.id,
      leg: 'fee',
      recipientId: null,
      address: legs?.fee.address ?? null,
      amountNano: split.fee,
      status: 'paid',
    },
  ]);
  if (royaltyOwed) await creditRoyaltyOwed(tx, order, pack.creatorId, edition, split.royalty, input);
  const sale: ResalePayload = {
    orderId: order.id,
    packId: pack.id,
    title: pack.title,
    editionId: edition.id,
    serial: edition.serial,
    maxSupply: pack.maxSupply,
    price: formatTon(order.amountNano),
    sellerShare: formatTon(split.seller),
    royalty: formatTon(split.royalty),
    fee: formatTon(split.fee),
    royaltyOwed,
    buyerId: order.userId,
    sellerId,
    creatorId: pack.creatorId,
  };
  const receipt = input.giftCode ? { ...sale, giftCode: input.giftCode } : sale;
  await moveEdition(tx, {
    edition: { ...edition, ownerId: sellerId },
    to: order.userId,
    type: 'sale',
    priceNano: order.amountNano,
    acquired: { with: input.acquiredWith ?? input.method, at: input.now },
    ...(order.listingId !== null && { soldThrough: { listingId: order.listingId, orderId: order.id } }),
    at: input.now,
    setRevokeKey: outboxKey.sticker_set_revoke({ resaleOrderId: order.id }),
    messages: [
      outboxMessage('resale_receipt', receipt, outboxKey.resale_receipt(order.id)),
      outboxMessage('resale_sold', sale, outboxKey.resale_sold(order.id)),
      ...(split.royalty > 0n ? [outboxMessage('resale_royalty', sale, outboxKey.resale_royalty(order.id))] : []),
    ],
  });
  return { outcome: 'fulfilled', order: { ...paid!, edition: edition.serial } };
}

interface SaleTerms {
  sellerId: number;
  priceNano: bigint;
}

/** A listing order sells while its listing is active at the order's price. */
async function listingTerms(tx: Transaction, order: OrderRow): Promise<SaleTerms | null> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, order.listingId!)).for('update');
  return listing?.status === 'active' ? { sellerId: listing.sellerId, priceNano: listing.priceNano } : null;
}

/**
 * An offer order sells while the owner who accepted still owns the edition; its active listing, if any,
 * is locked (after the edition, as everywhere) because the sale closes it.
 */
async function offerTerms(tx: Transaction, order: OrderRow): Promise<SaleTerms | null> {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, order.offerId!));
  if (offer?.status !== 'accepted' || offer.sellerId === null) return null;
  await lockActiveListing(tx, order.editionId!);
  return { sellerId: offer.sellerId, priceNano: offer.priceNano };
}

/** TON: the royalty leg was in the buyer's transaction; demo: the creator has a wallet to be paid to. */
async function royaltyWentToCreator(tx: Transaction, order: OrderRow, creatorId: number): Promise<boolean> {
  if (order.payment.kind === 'ton') return resaleLegsOf(order.payment)?.royalty != null;
  const [creator] = await tx.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, creatorId));
  return Boolean(creator?.wallet);
}

/** The royalty stayed with the marketplace (no creator wallet): it is the creator's, in their balance. */
async function creditRoyaltyOwed(
  tx: Transaction,
  order: OrderRow,
  creatorId: number,
  edition: { id: number; packId: number; serial: number },
  royaltyNano: bigint,
  input: FulfilInput & { method: PaymentMethod },
) {
  const rail = balanceRailOf(input.method, input.acquiredWith ?? input.method);
  if (!rail) return;
  const terms = input.balance ?? DEFAULT_BALANCE_TERMS;
  await creditOwedRoyalty(tx, { orderId: order.id, creatorId, royaltyNano, edition, rail, at: input.now, terms });
}
