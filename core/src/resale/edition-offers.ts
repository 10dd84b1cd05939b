import { and, eq } from 'drizzle-orm';
import { formatTon } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, packs } from '../db/schema.js';
import { outboxMessage, type OutboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import type { OfferNoticePayload } from '../outbox/kinds/index.js';
import { offers, type OfferRow } from './tables.js';

/**
 * Offers as an edition's move sees them. They live beside the resale tables because a move closes them, and
 * the offers feature (which builds on resale) reads its notices from here.
 */

/** What every offer message says about the offer: the pack, the edition (if one), the price. */
export async function offerNotice(tx: DbOrTx, offer: OfferRow): Promise<OfferNoticePayload> {
  const [pack] = await tx
    .select({ title: packs.title, maxSupply: packs.maxSupply })
    .from(packs)
    .where(eq(packs.id, offer.packId));
  const editionId = offer.editionId ?? offer.soldEditionId;
  const [edition] = editionId
    ? await tx.select({ serial: editions.serial }).from(editions).where(eq(editions.id, editionId))
    : [];
  return {
    offerId: offer.id,
    bidderId: offer.bidderId,
    packId: offer.packId,
    title: pack?.title ?? '',
    maxSupply: pack?.maxSupply ?? 0,
    editionId: editionId ?? null,
    serial: edition?.serial ?? null,
    price: formatTon(offer.priceNano),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

/**
 * The edition changed hands: open offers on it lapse, since the owner they were made to can no longer
 * answer them and its new one did not choose to receive them. Offers on the whole pack stay open (any holder
 * may answer them, the new owner too). Each bidder is told, but for the new owner's own offer: they hold
 * the edition now. The caller holds the edition's row lock, as an accept does before it locks an offer.
 * Non-binding offers hold nothing of the bidder's, so nothing is released.
 */
export async function lapseEditionOffers(
  tx: DbOrTx,
  editionId: number,
  newOwnerId: number,
  at: Date,
): Promise<OutboxMessage[]> {
  const lapsed = await tx
    .update(offers)
    .set({ status: 'lapsed', closedAt: at, updatedAt: at })
    .where(and(eq(offers.editionId, editionId), eq(offers.status, 'open')))
    .returning();
  const messages: OutboxMessage[] = [];
  for (const offer of lapsed) {
    if (offer.bidderId === newOwnerId) continue;
    messages.push(outboxMessage('offer_lapsed', await offerNotice(tx, offer), outboxKey.offer_lapsed(offer.id)));
  }
  return messages;
}
