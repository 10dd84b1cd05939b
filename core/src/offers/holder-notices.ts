import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { OfferReceivedPayload } from '../outbox/kinds/index.js';
import { enqueueOutboxMessages, outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import { noticeTarget, offerNotices } from './tables.js';
import type { OfferRow } from './tables.js';

/**
 * A holder hears of one bidder's offers on one pack or edition at most once a day, whatever the bidder does:
 * withdrawing and offering again, or raising, changes the message they already have instead of sending
 * another. Called in the transaction that makes or changes the offer, under the bidder's row lock, so two
 * of the bidder's offers never both count as the first.
 */
export const NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;
const ROWS_PER_STATEMENT = 500;

/**
 * Takes the day's notice for each of `holderIds` that has none left open, and returns those holders: they
 * get a "New offer". The others' notices now follow this offer (their message is about it from now on).
 */
export async function claimNotices(tx: DbOrTx, offer: OfferRow, holderIds: number[], now: Date): Promise<Set<number>> {
  const target = noticeTarget(offer);
  const cutoff = new Date(now.getTime() - NOTICE_INTERVAL_MS);
  const claimed = new Set<number>();
  for (let i = 0; i < holderIds.length; i += ROWS_PER_STATEMENT) {
    const rows = holderIds.slice(i, i + ROWS_PER_STATEMENT).map((holderId) => ({
      holderId,
      bidderId: offer.bidderId,
      target,
      offerId: offer.id,
      noticeKey: outboxKey.offer_received(offer.id, holderId),
      noticedAt: now,
    }));
    const fresh = await tx
      .insert(offerNotices)
      .values(rows)
      .onConflictDoUpdate({
        target: [offerNotices.holderId, offerNotices.bidderId, offerNotices.target],
        set: {
          offerId: sql`excluded.offer_id`,
          noticeKey: sql`excluded.notice_key`,
          noticedAt: sql`excluded.noticed_at`,
          chatId: null,
          messageId: null,
        },
        setWhere: sql`${offerNotices.noticedAt} <= ${cutoff.toISOString()}::timestamptz`,
      })
      .returning({ holderId: offerNotices.holderId });
    for (const row of fresh) claimed.add(row.holderId);
  }
  const followed = holderIds.filter((id) => !claimed.has(id));
  if (followed.length > 0) await followOffer(tx, offer, followed);
  return claimed;
}

async function followOffer(tx: DbOrTx, offer: OfferRow, holderIds: number[]): Promise<void> {
  await tx
    .update(offerNotices)
    .set({ offerId: offer.id })
    .where(
      and(
        eq(offerNotices.bidderId, offer.bidderId),
        eq(offerNotices.target, noticeTarget(offer)),
        inArray(offerNotices.holderId, holderIds),
      ),
    );
}

/**
 * Brings each holder's message up to date with `payloads` (the offer as it is now): a "New offer" still
 * waiting to be sent is rewritten in place, one already sent is edited by the bot (offer_repriced). Nothing
 * new reaches a chat as a notification.
 */
export async function refreshHolderMessages(
  tx: DbOrTx,
  offer: OfferRow,
  payloads: OfferReceivedPayload[],
  now: Date,
): Promise<void> {
  if (payloads.length === 0) return;
  const notices = await tx
    .select({ holderId: offerNotices.holderId, noticeKey: offerNotices.noticeKey })
    .from(offerNotices)
    .where(and(eq(offerNotices.bidderId, offer.bidderId), eq(offerNotices.target, noticeTarget(offer))));
  const keyOf = new Map(notices.map((notice) => [notice.holderId, notice.noticeKey]));
  const waiting = await waitingKeys(tx, [...keyOf.values()]);
  const edits = [];
  for (const payload of payloads) {
    const key = keyOf.get(payload.ownerId);
    if (key && waiting.has(key)) {
      await tx.update(outbox).set({ payload }).where(eq(outbox.dedupeKey, key));
      continue;
    }
    const edit = outboxKey.offer_repriced(offer.id, payload.ownerId, now);
    edits.push({ ...outboxMessage('offer_repriced', payload, edit), dueAt: now });
  }
  await enqueueOutboxMessages(tx, edits);
}

/**
 * Of these "New offer" rows, those no worker has claimed yet, locked so none claims them while they are
 * rewritten (a worker skips locked rows); the others have gone, or are going, out.
 */
async function waitingKeys(tx: DbOrTx, keys: string[]): Promise<Set<string>> {
  const waiting = new Set<string>();
  for (let i = 0; i < keys.length; i += ROWS_PER_STATEMENT) {
    const rows = await tx
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(and(inArray(outbox.dedupeKey, keys.slice(i, i + ROWS_PER_STATEMENT)), eq(outbox.status, 'pending')))
      .for('update');
    for (const row of rows) waiting.add(row.key);
  }
  return waiting;
}

/** Where the bot sent a holder's "New offer", so a later change edits it. */
export async function recordNoticeMessage(
  db: DbOrTx,
  notice: { holderId: number; bidderId: number; target: string; chatId: number; messageId: number },
): Promise<void> {
  await db
    .update(offerNotices)
    .set({ chatId: notice.chatId, messageId: notice.messageId })
    .where(
      and(
        eq(offerNotices.holderId, notice.holderId),
        eq(offerNotices.bidderId, notice.bidderId),
        eq(offerNotices.target, notice.target),
      ),
    );
}

/** The chat message that told a holder of a bidder's offers on a target, if the bot has sent it. */
export async function noticeMessageOf(
  db: DbOrTx,
  notice: { holderId: number; bidderId: number; target: string },
): Promise<{ chatId: number; messageId: number; offerId: number } | null> {
  const [row] = await db
    .select()
    .from(offerNotices)
    .where(
      and(
        eq(offerNotices.holderId, notice.holderId),
        eq(offerNotices.bidderId, notice.bidderId),
        eq(offerNotices.target, notice.target),
      ),
    );
  if (!row || row.chatId === null || row.messageId === null) return null;
  return { chatId: row.chatId, messageId: row.messageId, offerId: row.offerId };
}
