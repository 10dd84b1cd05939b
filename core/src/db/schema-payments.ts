import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users, packs, orders, createdAt } from './schema-market.js';

/** Money and counts: the payments ledger, chain cursors, wallet proofs, the counters triggers keep. */

/**
 * Every payment that reached one of the rails, once per the rail's own reference (TON transaction hash,
 * Stripe Checkout Session, Telegram Stars charge): what it bought or why it did not. The operator's ledger
 * of money in; `outcome <> 'fulfilled'` and `refund_status` in ('pending', 'manual') are the work queue.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    method: text('method').notNull(),
    ref: text('ref').notNull(),
    /** Null when the payment names no order we know (an unknown TON comment). */
    orderId: uuid('order_id').references(() => orders.id),
    /** In the rail's smallest unit: nanotons (TON), cents (usd), Stars (XTR). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** fulfilled | refund_required | underpaid | unmatched */
    outcome: text('outcome').notNull(),
    /** Why it did not buy an edition: sold_out, already_owned, duplicate_payment, below_price, unknown_order. */
    reason: text('reason'),
    /** none | pending (refunded automatically) | refunded | manual (the operator returns it) */
    refundStatus: text('refund_status').notNull().default('none'),
    /** What the rail told us: sender, comment, lt, payment intent, payer. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * TON: the wallet the transfer came from (the buyer's), raw form `0:<hex>`, where a refund goes back to;
     * generated from `details.sender` (migration 0026). Null for Stars and card: they refund through the rail.
     */
    senderAddress: text('sender_address').generatedAlwaysAs(
      sql`case when ${sql.identifier('method')} = 'ton' then ${sql.identifier('details')}->>'sender' end`,
    ),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_method_ref_idx').on(t.method, t.ref),
    index('payments_order_idx').on(t.orderId),
    index('payments_refund_idx').on(t.refundStatus),
  ],
);

/** How far a chain watcher has read an account: only ever moved in the transaction that settles what it read. */
export const chainCursors = pgTable('chain_cursors', {
  account: text('account').primaryKey(),
  /** Logical time of the last settled transaction (a u64, kept as text). */
  lt: text('lt').notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use ton_proof payloads for linking a wallet; only their hash is kept. */
export const tonProofPayloads = pgTable('ton_proof_payloads', {
  payloadHash: text('payload_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Marketplace totals in 16 slots (a row id modulo 16), read as their sum. Written only by the triggers of
 * migration 0002 in the transactions that change packs, editions and users, so they are always exact.
 */
export const marketplaceCounters = pgTable('marketplace_counters', {
  slot: smallint('slot').primaryKey(),
  packs: bigint('packs', { mode: 'bigint' }).notNull().default(0n),
  listings: bigint('listings', { mode: 'bigint' }).notNull().default(0n),
  priceSum: numeric('price_sum').notNull().default('0'),
  sales: bigint('sales', { mode: 'bigint' }).notNull().default(0n),
  volume: numeric('volume').notNull().default('0'),
  creators: bigint('creators', { mode: 'bigint' }).notNull().default(0n),
  sellers: bigint('sellers', { mode: 'bigint' }).notNull().default(0n),
});

/** Each creator's pack count and editions sold; kept by the same triggers as marketplaceCounters. */
export const creatorStats = pgTable('creator_stats', {
  creatorId: bigint('creator_id', { mode: 'number' }).primaryKey(),
  packs: integer('packs').notNull().default(0),
  sales: bigint('sales', { mode: 'number' }).notNull().default(0),
});

/**
 * An edition taken back because Telegram refunded the Stars that bought it; the edition row is gone and its
 * serial back in the supply (migration 0006). One per payment.
 */
export const editionRevocations = pgTable(
  'edition_revocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    editionId: integer('edition_id').notNull(),
    serial: integer('serial').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('edition_revocations_payment_idx').on(t.paymentId),
    index('edition_revocations_pack_idx').on(t.packId),
  ],
);
