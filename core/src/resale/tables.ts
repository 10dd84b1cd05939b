import { bigint, bigserial, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The resale tables of migration 0003. Constraints (one active listing per edition, one paid order per
 * listing, leg and status values, positive prices) live in the SQL migration; these declarations are what
 * queries need.
 */

/** An edition offered by its owner: active → sold (to `soldOrderId`) or → cancelled. */
export const listings = pgTable('listings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  editionId: integer('edition_id').notNull(),
  packId: integer('pack_id').notNull(),
  sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
  priceNano: bigint('price_nano', { mode: 'bigint' }).notNull(),
  status: text('status').notNull().default('active'),
  soldOrderId: uuid('sold_order_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
});
export type ListingRow = typeof listings.$inferSelect;

/** Where each part of a paid resale went: seller, royalty and fee, each paid on chain or owed by us. */
export const resaleLedger = pgTable('resale_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: uuid('order_id').notNull(),
  leg: text('leg').notNull(),
  recipientId: bigint('recipient_id', { mode: 'number' }),
  address: text('address'),
  amountNano: bigint('amount_nano', { mode: 'bigint' }).notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The public history of editions: mints, listings, price changes, delistings, sales; newest has the largest id. */
export const activity = pgTable('activity', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  packId: integer('pack_id').notNull(),
  editionId: integer('edition_id').notNull(),
  serial: integer('serial').notNull(),
  type: text('type').notNull(),
  priceNano: bigint('price_nano', { mode: 'bigint' }),
  fromId: bigint('from_id', { mode: 'number' }),
  toId: bigint('to_id', { mode: 'number' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The offers table of migration 0004 (declared with the resale tables: settling a resale order reads it). Constraints (one open offer per bidder and edition or pack, one
 * order per offer, status values, positive prices) live in the SQL migration.
 *
 * An offer is open → accepted (with `orderId`, `sellerId`, `soldEditionId`), declined, withdrawn, expired, or
 * lapsed (its edition changed hands before an answer; migration 0024).
 * `editionId` null: pack-wide, any holder of the pack may accept it with one of their editions.
 */
export const offers = pgTable('offers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  bidderId: bigint('bidder_id', { mode: 'number' }).notNull(),
  packId: integer('pack_id').notNull(),
  editionId: integer('edition_id'),
  priceNano: bigint('price_nano', { mode: 'bigint' }).notNull(),
  status: text('status').notNull().default('open'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  sellerId: bigint('seller_id', { mode: 'number' }),
  soldEditionId: integer('sold_edition_id'),
  orderId: uuid('order_id'),
});
export type OfferRow = typeof offers.$inferSelect;

export type ActivityType = 'mint' | 'list' | 'reprice' | 'delist' | 'sale' | 'gift';
