import { desc } from 'drizzle-orm';
import type { AuditEntry } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { opsAudit } from '../db/schema.js';

/** What one operator action was: who, what, to what, why, and the state it changed from and to. */
export interface AuditInput {
  operatorId: number;
  action: string;
  target: { kind: string; id: string | number };
  reason?: string | null;
  note?: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

/** Written in the action's own transaction: nothing an operator does commits without its entry. */
export async function recordAudit(tx: DbOrTx, entry: AuditInput): Promise<void> {
  await tx.insert(opsAudit).values({
    operatorId: entry.operatorId,
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: String(entry.target.id),
    reason: entry.reason ?? null,
    note: entry.note || null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.at,
  });
}

export const AUDIT_PAGE_SIZE = 200;

/** The latest operator actions, newest first. */
export async function listAudit(db: DbOrTx, limit = AUDIT_PAGE_SIZE): Promise<AuditEntry[]> {
  const rows = await db.select().from(opsAudit).orderBy(desc(opsAudit.createdAt), desc(opsAudit.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    operatorId: row.operatorId,
    target: { kind: row.targetKind, id: row.targetId },
    reason: row.reason,
    note: row.note,
    before: row.before,
    after: row.after,
    at: row.createdAt.toISOString(),
  }));
}
