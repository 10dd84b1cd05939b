import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './schema-market.js';

/**
 * Money out (migration 0018): what the marketplace's own wallet owes (`payouts`, one row per thing paid)
 * and the signed external messages that pay it (`payout_messages`), stored before they are ever sent so a
 * restart sends the same message again rather than signing a second one.
 */
export const payoutMessages = pgTable(
  'payout_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The payout wallet, raw form. */
    wallet: text('wallet').notNull(),
    seqno: integer('seqno').notNull(),
    /** The wallet refuses the message after this moment (chain time). */
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The signed external message, base64 BOC: sent as is, again and again, until its fate is known. */
    boc: text('boc').notNull(),
    /** Normalized external message hash (base64), as toncenter finds it with transactionsByMessage. */
    hash: text('hash').notNull(),
    /** signed (in flight) | landed | expired (valid_until passed and the chain shows it never ran) */
    status: text('status').notNull().default('signed'),
    /** Times the TON service accepted it; 0 after a crash between signing and sending. */
    sends: integer('sends').notNull().default(0),
    /** The wallet's transaction that ran it, once landed. */
    txHash: text('tx_hash'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_messages_hash_idx').on(t.hash),
    // One message in flight per wallet: a second signer (another replica) fails its transaction.
    uniqueIndex('payout_messages_in_flight_idx')
      .on(t.wallet)
      .where(sql`status = 'signed'`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** creator_payout | refund */
    kind: text('kind').notNull(),
    /** What it pays, e.g. `payment:42` for a refund: one payout per thing paid. */
    pays: text('pays').notNull(),
    destination: text('destination').notNull(),
    amountNano: bigint('amount_nano', { mode: 'bigint' }).notNull(),
    /** The transfer's text comment, naming what it pays. */
    comment: text('comment').notNull(),
    /** pending | held (above a cap) | signed | sent | confirmed | failed */
    status: text('status').notNull().default('pending'),
    messageId: bigint('message_id', { mode: 'number' }).references(() => payoutMessages.id),
    /** An operator released it past the caps. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Why it is held or failed. */
    reason: text('reason'),
    createdAt: createdAt(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_pays_idx').on(t.pays),
    index('payouts_status_idx').on(t.status),
    index('payouts_message_idx').on(t.messageId),
    check('payouts_amount_positive', sql`amount_nano > 0`),
  ],
);
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutMessageRow = typeof payoutMessages.$inferSelect;
