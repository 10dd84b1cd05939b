import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BALANCE_ENTRY_KINDS } from '@stickerdrop/shared';
import { orders, packs, users } from './schema-market.js';
import { payouts } from './schema-payouts.js';

/** What an entry records: a creator's share of a sale or a royalty (credits), or money going back or out. */
export type BalanceEntryKind = (typeof BALANCE_ENTRY_KINDS)[number];

/**
 * The creator balance (migration 0025): signed entries in nanotons, credits positive, reversals and payouts
 * negative. An entry is pending until `available_at`, when the rail can no longer take the money back.
 * One entry per (order, kind), so a settlement that runs twice credits once.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountNano: bigint('amount_nano', { mode: 'bigint' }).notNull(),
    kind: text('kind', { enum: BALANCE_ENTRY_KINDS }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** No foreign key: a Stars refund deletes the edition it takes back, and the entry still names it. */
    editionId: integer('edition_id'),
    packId: integer('pack_id').references(() => packs.id),
    serial: integer('serial'),
    /** The rail that took the money: ton, stars or stripe. */
    rail: text('rail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    /** A payout entry's payout (migration 0028): its status says on its way, paid, or failed (available again). */
    payoutId: bigint('payout_id', { mode: 'number' }).references(() => payouts.id),
  },
  (t) => [
    uniqueIndex('balance_entries_order_kind_idx').on(t.orderId, t.kind),
    uniqueIndex('balance_entries_payout_idx').on(t.payoutId),
    index('balance_entries_creator_idx').on(t.creatorId, t.id.desc()),
    check('balance_entries_kind_valid', sql`${t.kind} IN ('primary_sale', 'royalty', 'reversal', 'payout')`),
    check('balance_entries_sign', sql`(${t.kind} IN ('reversal', 'payout')) = (${t.amountNano} < 0)`),
    check('balance_entries_sale_traced', sql`${t.kind} = 'payout' OR ${t.orderId} IS NOT NULL`),
    check('balance_entries_payout_named', sql`(${t.kind} = 'payout') = (${t.payoutId} IS NOT NULL)`),
  ],
);
export type BalanceEntryRow = typeof balanceEntries.$inferSelect;
