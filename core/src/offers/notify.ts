import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatTon } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { editions, outbox, packs } from '../db/schema.js';
import type { OfferNoticePayload } from '../db/outbox-payloads.js';
import { enqueueOutbox, enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import type { OfferRow } from './tables.js';

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
 * A bidder's own budget of "New offer" messages: the first `burst` waiting go out at once, the rest at
 * `perSecond`, so a pack-wide offer to thousands of holders trickles out instead of taking the bot's whole
 * send rate (the worker also claims receipts and other personal messages before these).
 */
export const BIDDER_NOTICE_BUDGET = { burst: 30, perSecond: 5 } as const;

/**
 * "New offer" to whoever can accept it, once per offer: the edition's owner, or for a pack-wide offer every
 * holder of the pack but the bidder, each with the edition their Accept button sells (their lowest serial).
 * Each message is due by the bidder's budget, after the bidder's notices still waiting.
 */
export async function enqueueOfferReceived(tx: DbOrTx, offer: OfferRow, bidderName: string, now: Date): Promise<void> {
  const notice = await offerNotice(tx, offer);
  const owners = offer.editionId
    ? await tx
        .select({ ownerId: editions.ownerId, editionId: editions.id, serial: editions.serial })
        .from(editions)
        .where(eq(editions.id, offer.editionId))
    : await tx
        .selectDistinctOn([editions.ownerId], {
          ownerId: editions.ownerId,
          editionId: editions.id,
          serial: editions.serial,
        })
        .from(editions)
        .where(and(eq(editions.packId, offer.packId), ne(editions.ownerId, offer.bidderId)))
        .orderBy(asc(editions.ownerId), asc(editions.serial));
  const waiting = await waitingNoticesOf(tx, offer.bidderId);
  const { burst, perSecond } = BIDDER_NOTICE_BUDGET;
  const dueAt = (place: number) => new Date(now.getTime() + (Math.max(0, place - burst + 1) * 1000) / perSecond);
  const messages = owners.map((owner, i) => ({
    ...outboxMessage(
      'offer_received',
      {
        ...notice,
        ownerId: owner.ownerId,
        editionId: owner.editionId,
        serial: owner.serial,
        packWide: offer.editionId === null,
        bidderName,
      },
      outboxKey.offer_received(offer.id, owner.ownerId),
    ),
    dueAt: dueAt(waiting + i),
  }));
  await enqueueOutboxMessages(tx, messages);
}

/** The bidder's "New offer" messages not sent yet, across all their offers. */
async function waitingNoticesOf(tx: DbOrTx, bidderId: number): Promise<number> {
  const [row] = await tx
    .select({ waiting: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'offer_received'),
        inArray(outbox.status, ['pending', 'sending']),
        sql`(${outbox.payload}->>'bidderId')::bigint = ${bidderId}`,
      ),
    );
  return row?.waiting ?? 0;
}

/** The bidder learns what became of their offer: accepted (with the order to pay), declined or expired. */
export async function enqueueBidderNotice(
  tx: DbOrTx,
  offer: OfferRow,
  outcome: { kind: 'accepted'; orderId: string; payBy: Date } | { kind: 'declined' | 'expired' },
): Promise<void> {
  const notice = await offerNotice(tx, offer);
  if (outcome.kind === 'accepted') {
    const payload = { ...notice, orderId: outcome.orderId, payBy: outcome.payBy.toISOString() };
    await enqueueOutbox(tx, 'offer_accepted', payload, outboxKey.offer_accepted(offer.id));
  } else if (outcome.kind === 'declined') {
    await enqueueOutbox(tx, 'offer_declined', notice, outboxKey.offer_declined(offer.id));
  } else {
    await enqueueOutbox(tx, 'offer_expired', notice, outboxKey.offer_expired(offer.id));
  }
}
