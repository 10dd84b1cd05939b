import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The offers table of migration 0004. Constraints (one open offer per bidder and edition or pack, one
 * order per offer, status values, positive prices) live in the SQL migration.
 *
 * An offer is open → accepted (with `orderId`, `sellerId`, `soldEditionId`), declined, withdrawn or expired.
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
