import { sql } from 'drizzle-orm';
import { MESSAGES, OPS_ERRORS, type ReportReason, type ReportedPack } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { queryRows } from '../db/sql-rows.js';
import { DomainError } from '../errors.js';
import { packExists } from '../resale/read.js';

export interface ReportInput {
  packId: number;
  reporterId: number;
  reason: ReportReason;
  details: string;
  now: Date;
}

export interface FiledReport {
  id: number;
  packId: number;
  reason: ReportReason;
  createdAt: string;
}

/**
 * A signed-in person reports a pack they can see: 404 for an unknown (or removed) pack, 409 when their
 * report of it is still open. The partial unique index decides the second one, so two at once file one.
 */
export async function reportPack(db: DbOrTx, input: ReportInput): Promise<FiledReport> {
  if (!(await packExists(db, input.packId))) throw new DomainError('not_found', MESSAGES.packNotFound);
  const [filed] = await queryRows<{ id: string }>(
    db,
    sql`insert into pack_reports (pack_id, reporter_id, reason, details, created_at)
      values (${input.packId}, ${input.reporterId}, ${input.reason}, ${input.details}, ${input.now.toISOString()}::timestamptz)
      on conflict (pack_id, reporter_id) where status = 'open' do nothing
      returning id::text`,
  );
  if (!filed) throw new DomainError('already_done', OPS_ERRORS.reportOpen);
  return { id: Number(filed.id), packId: input.packId, reason: input.reason, createdAt: input.now.toISOString() };
}

/** How many reports `reporterId` filed since `since`: what a rate limit on reports counts. */
export async function reportsFiledSince(db: DbOrTx, reporterId: number, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pack_reports
      where reporter_id = ${reporterId} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

interface ReportedPackRow {
  pack: string | ReportedPack;
}

export const REPORTED_PAGE_SIZE = 100;

/**
 * Packs with open reports, the most recently reported first: each with its creator, its sales and every
 * open report's text, newest first.
 */
export async function listReportedPacks(db: DbOrTx, limit = REPORTED_PAGE_SIZE): Promise<ReportedPack[]> {
  const rows = await queryRows<ReportedPackRow>(
    db,
    sql`select json_build_object(
        'pack', json_build_object('id', p.id, 'title', p.title, 'status', p.status, 'sales', p.sold_count,
          'creator', json_build_object('id', u.id, 'name', coalesce(nullif(u.display_name, ''), u.first_name),
            'username', u.username)),
        'openReports', r.open_reports,
        'latestAt', to_char(r.latest_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'reports', r.reports)::text as pack
      from (
        select pack_id, count(*)::int as open_reports, max(created_at) as latest_at,
          json_agg(json_build_object('id', id, 'reporterId', reporter_id, 'reason', reason, 'details', details,
            'at', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            order by created_at desc, id desc) as reports
        from pack_reports where status = 'open' group by pack_id
      ) r
      join packs p on p.id = r.pack_id
      join users u on u.id = p.creator_id
      order by r.latest_at desc, p.id desc
      limit ${limit}`,
  );
  return rows.map((row) => (typeof row.pack === 'string' ? (JSON.parse(row.pack) as ReportedPack) : row.pack));
}

/** An operator acted on the pack: its open reports are answered, and anyone may report it afresh. */
export async function closeOpenReports(tx: DbOrTx, packId: number, now: Date): Promise<number> {
  const closed = await queryRows<{ id: string }>(
    tx,
    sql`update pack_reports set status = 'closed', closed_at = ${now.toISOString()}::timestamptz
      where pack_id = ${packId} and status = 'open' returning id::text`,
  );
  return closed.length;
}
