import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { editions, outbox } from '../db/schema.js';
import { offerNotice } from '../resale/edition-offers.js';
import type { OfferReceivedPayload } from '../outbox/kinds/index.js';
import { enqueueOutbox, enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import { offerNotices, type OfferRow } from './tables.js';
import { claimNotices, refreshHolderMessages } from './holder-notices.js';
import { listingPricesOf, ownerTerms, packResaleFigures } from './owner-terms.js';

/**
 * A bidder's own budget of "New offer" messages: the first `burst` waiting go out at once, the rest at
 * `perSecond`, so a pack-wide offer to thousands of holders trickles out instead of taking the bot's whole
 * send rate (the worker also claims receipts and other personal messages before these).
 */
export const BIDDER_NOTICE_BUDGET = { burst: 30, perSecond: 5 } as const;

/** Who an offer's "New offer" goes to, each with the edition their Accept button sells. */
interface Holder {
  ownerId: number;
  editionId: number;
  serial: number;
}

/**
 * "New offer" to whoever can accept it: the edition's owner, or for a pack-wide offer every holder of the
 * pack but the bidder, each with the edition their Accept button sells (their lowest serial) and what
 * accepting gives them. A holder told of this bidder's offers on the same target within the day gets no
 * new message: the one they have is brought up to date instead (holder-notices.ts). Each message is due
 * by the bidder's budget, after the bidder's notices still waiting.
 */
export async function enqueueOfferReceived(tx: DbOrTx, offer: OfferRow, context: NoticeContext): Promise<void> {
  const holders = await holdersOf(tx, offer);
  const payloads = await receivedPayloads(tx, offer, holders, context);
  const fresh = await claimNotices(
    tx,
    offer,
    holders.map((holder) => holder.ownerId),
    context.now,
  );
  await refreshHolderMessages(
    tx,
    offer,
    payloads.filter((payload) => !fresh.has(payload.ownerId)),
    context.now,
  );
  const waiting = await waitingNoticesOf(tx, offer.bidderId);
  const { burst, perSecond } = BIDDER_NOTICE_BUDGET;
  const dueAt = (place: number) =>
    new Date(context.now.getTime() + (Math.max(0, place - burst + 1) * 1000) / perSecond);
  const messages = payloads
    .filter((payload) => fresh.has(payload.ownerId))
    .map((payload, i) => ({
      ...outboxMessage('offer_received', payload, outboxKey.offer_received(offer.id, payload.ownerId)),
      dueAt: dueAt(waiting + i),
    }));
  await enqueueOutboxMessages(tx, messages);
}

/**
 * The bidder changed the price of an open offer: every holder told of it gets their message brought up to
 * date (edited in place once sent), and nobody a new notification.
 */
export async function enqueueOfferRepriced(tx: DbOrTx, offer: OfferRow, context: NoticeContext): Promise<void> {
  const told = await tx
    .select({ holderId: offerNotices.holderId })
    .from(offerNotices)
    .where(eq(offerNotices.offerId, offer.id));
  const toldIds = new Set(told.map((row) => row.holderId));
  const holders = (await holdersOf(tx, offer)).filter((holder) => toldIds.has(holder.ownerId));
  await refreshHolderMessages(tx, offer, await receivedPayloads(tx, offer, holders, context), context.now);
}

/** What the messages need beside the offer: the bidder's name, the marketplace fee and the time. */
export interface NoticeContext {
  bidderName: string;
  feeBps: number;
  now: Date;
}

async function holdersOf(tx: DbOrTx, offer: OfferRow): Promise<Holder[]> {
  const columns = { ownerId: editions.ownerId, editionId: editions.id, serial: editions.serial };
  if (offer.editionId) return tx.select(columns).from(editions).where(eq(editions.id, offer.editionId));
  return tx
    .selectDistinctOn([editions.ownerId], columns)
    .from(editions)
    .where(and(eq(editions.packId, offer.packId), ne(editions.ownerId, offer.bidderId)))
    .orderBy(asc(editions.ownerId), asc(editions.serial));
}

/** Each holder's "New offer": the offer, the edition their Accept sells, and what accepting gives them. */
async function receivedPayloads(
  tx: DbOrTx,
  offer: OfferRow,
  holders: Holder[],
  context: NoticeContext,
): Promise<OfferReceivedPayload[]> {
  if (holders.length === 0) return [];
  const notice = await offerNotice(tx, offer);
  const pack = (await packResaleFigures(tx, [offer.packId], context.now)).get(offer.packId);
  const listed = await listingPricesOf(
    tx,
    holders.map((holder) => holder.editionId),
  );
  return holders.map((holder) => {
    const listing = listed.get(holder.editionId) ?? null;
    const terms = pack ? { ...pack } : { royaltyBps: 0, floorNano: null };
    const own = [{ ...holder, packId: offer.packId, listingPriceNano: listing, held: false }];
    const { receive, listingPrice, floor } = ownerTerms(offer.priceNano, own, terms, context.feeBps);
    return {
      ...notice,
      ownerId: holder.ownerId,
      editionId: holder.editionId,
      serial: holder.serial,
      packWide: offer.editionId === null,
      bidderName: context.bidderName,
      receive,
      listingPrice,
      floor,
    };
  });
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
