import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GIFT_STATES } from '@stickerdrop/shared';
import { editions, orders, packs, users } from './schema-market.js';

/**
 * Gifts (migration 0021): an owner's edition waiting for whoever opens its link to claim it. `unpaid` is a
 * gift bought for someone (`order_id`) whose payment has not arrived: it names no edition yet, and
 * becomes `pending` in the transaction that pays the order. A pending gift holds its edition (no listing,
 * offer, sale or second gift) until it is claimed, cancelled by its sender, or expires back to them.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the link carries: 128 random bits, base64url. */
    code: text('code').notNull(),
    editionId: integer('edition_id').references(() => editions.id),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => users.id),
    /** The order that buys the edition for someone; null for a gift of an edition owned already. */
    orderId: uuid('order_id').references(() => orders.id),
    note: text('note').notNull().default(''),
    hideSender: boolean('hide_sender').notNull().default(false),
    status: text('status', { enum: ['unpaid', ...GIFT_STATES] }).notNull(),
    /** GIFT_CLAIM_DAYS when it was made: a bought gift's time to claim starts when it is paid. */
    claimDays: smallint('claim_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gifts_code_idx').on(t.code),
    uniqueIndex('gifts_order_idx').on(t.orderId),
    uniqueIndex('gifts_pending_edition_idx')
      .on(t.editionId)
      .where(sql`${t.status} = 'pending'`),
    index('gifts_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('gifts_sender_idx').on(t.senderId, t.id.desc()),
    index('gifts_recipient_idx').on(t.recipientId, t.id.desc()),
    check('gifts_status_valid', sql`${t.status} IN ('unpaid', 'pending', 'claimed', 'cancelled', 'expired')`),
    check(
      'gifts_edition_when_paid',
      sql`(${t.status} = 'unpaid') = (${t.editionId} IS NULL) AND (${t.status} = 'unpaid') = (${t.expiresAt} IS NULL)`,
    ),
    check('gifts_claimed_by_someone', sql`(${t.status} = 'claimed') = (${t.recipientId} IS NOT NULL)`),
  ],
);
export type GiftRow = typeof gifts.$inferSelect;
