import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '@stickerdrop/shared';
import { packs, users } from './schema-market.js';

/** The operator's desk (migration 0027): reports on packs, bans, and the audit log of every operator action. */

/** A person's report of a pack: open until an operator acts on the pack; one open report per person and pack. */
export const packReports = pgTable(
  'pack_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pack_reports_one_open_idx')
      .on(t.packId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('pack_reports_open_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'open'`),
    check('pack_reports_reason_valid', sql`${t.reason} IN ('copyright', 'offensive', 'scam', 'other')`),
    check('pack_reports_status_valid', sql`${t.status} IN ('open', 'closed')`),
  ],
);

/** A banned user: they cannot sign in and no token of theirs works. Unbanning deletes the row. */
export const userBans = pgTable('user_bans', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  reason: text('reason').notNull(),
  bannedBy: bigint('banned_by', { mode: 'number' }).notNull(),
  bannedAt: timestamp('banned_at', { withTimezone: true }).notNull(),
});

/** What an operator did, to what, why, and the state before and after; written in the action's transaction. */
export const opsAudit = pgTable(
  'ops_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    note: text('note'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ops_audit_newest_idx').on(t.createdAt.desc(), t.id.desc())],
);
