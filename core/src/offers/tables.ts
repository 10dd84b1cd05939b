import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Offers live beside listings in resale's tables; the offers feature names them from here. */
export { offers, type OfferRow } from '../resale/tables.js';

/**
 * What a holder has heard of one bidder's offers on one pack (`p<pack>`) or edition (`e<edition>`): when
 * they were last told (at most once a day), the offer their message is about, the "New offer" row that told
 * them, and the chat message once the bot sent it (a raised price edits it). Migration 0016.
 */
export const offerNotices = pgTable(
  'offer_notices',
  {
    holderId: bigint('holder_id', { mode: 'number' }).notNull(),
    bidderId: bigint('bidder_id', { mode: 'number' }).notNull(),
    target: text('target').notNull(),
    offerId: integer('offer_id').notNull(),
    noticeKey: text('notice_key').notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
    chatId: bigint('chat_id', { mode: 'number' }),
    messageId: integer('message_id'),
  },
  (t) => [primaryKey({ columns: [t.holderId, t.bidderId, t.target] })],
);
export type OfferNoticeRow = typeof offerNotices.$inferSelect;

/** The notice target of an offer: its edition, or its pack for a pack-wide one. */
export const noticeTarget = (offer: { packId: number; editionId: number | null }) =>
  offer.editionId === null ? `p${offer.packId}` : `e${offer.editionId}`;
