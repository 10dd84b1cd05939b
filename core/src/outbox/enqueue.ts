import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { columnsOf, queryRows } from '../db/sql-rows.js';
import { outbox } from '../db/schema.js';
import type { OutboxKey } from './keys.js';
import { OUTBOX_KINDS, type OutboxKind, type OutboxPayloads } from './kinds/index.js';

/**
 * One row to write: its kind, the payload that kind's schema describes, and the key `outboxKey` made; due at
 * once unless `dueAt` says later (a budget that paces a sender's messages).
 */
export type OutboxMessage = {
  [K in OutboxKind]: { kind: K; payload: OutboxPayloads[K]; key: OutboxKey<K>; dueAt?: Date };
}[OutboxKind];

export function outboxMessage<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayloads[K],
  key: OutboxKey<K>,
): OutboxMessage {
  return { kind, payload, key } as OutboxMessage;
}

/**
 * Writes a message for a worker. Call it with the transaction that makes the change the message is
 * about, so it exists exactly when the change does. A repeated key is ignored; returns whether this call
 * wrote a row.
 */
export async function enqueueOutbox<K extends OutboxKind>(
  tx: DbOrTx,
  kind: K,
  payload: OutboxPayloads[K],
  key: OutboxKey<K>,
): Promise<boolean> {
  return enqueueOutboxMessages(tx, [outboxMessage(kind, payload, key)]);
}

/** A row as the outbox table takes it. */
export interface OutboxRow {
  kind: OutboxKind;
  dedupeKey: string;
  payload: OutboxPayloads[OutboxKind];
  nextAttemptAt?: Date;
}

/**
 * The rows `messages` become, each payload checked against its kind's schema first: a bad one throws
 * before any row is written, so no reader meets a row its schema refuses. Every outbox row goes through
 * here, by `outboxInserts` below (which `enqueueOutboxMessages` runs): no other SQL writes the outbox.
 */
export function checkedOutboxRows(messages: readonly OutboxMessage[]): OutboxRow[] {
  return messages.map((message) => {
    const checked = OUTBOX_KINDS[message.kind].payload.safeParse(message.payload);
    if (!checked.success) throw new Error(`Outbox ${message.kind} payload refused: ${checked.error.message}`);
    return {
      kind: message.kind,
      dedupeKey: message.key,
      payload: message.payload,
      ...(message.dueAt && { nextAttemptAt: message.dueAt }),
    };
  });
}

/** The one writer of the outbox: the checked rows in one statement (`outboxInserts`). True when any row was new. */
export async function enqueueOutboxMessages(tx: DbOrTx, messages: readonly OutboxMessage[]): Promise<boolean> {
  const [insert] = outboxInserts(messages);
  if (!insert) return false;
  return (await queryRows<{ id: string }>(tx, sql`${insert} returning id`)).length > 0;
}

/**
 * `enqueueOutboxMessages`'s statement, unrun and answering nothing (none for no messages): a group of
 * settlements writes its messages with its other writes as one statement (`GroupCall.writeLater`). The rows
 * go as four arrays however many there are (a drop's subscribers, a pack's holders), not a parameter per
 * column and row.
 */
export function outboxInserts(messages: readonly OutboxMessage[]): SQL[] {
  const rows = checkedOutboxRows(messages);
  if (rows.length === 0) return [];
  const column = columnsOf(rows);
  return [
    sql`insert into ${outbox} (kind, dedupe_key, payload, next_attempt_at)
      select r.kind, r.dedupe_key, r.payload, coalesce(r.due_at, now())
      from unnest(${column((row) => row.kind)}::text[], ${column((row) => row.dedupeKey)}::text[],
        ${column((row) => JSON.stringify(row.payload))}::jsonb[],
        ${column((row) => row.nextAttemptAt?.toISOString() ?? null)}::timestamptz[]) as r(kind, dedupe_key, payload, due_at)
      on conflict (dedupe_key) do nothing`,
  ];
}

/** A row's payload, checked against its kind's schema; throws for a row of another kind or a bad payload. */
export function readOutboxPayload<K extends OutboxKind>(
  row: { kind: string; payload: unknown },
  kind: K,
): OutboxPayloads[K] {
  if (row.kind !== kind) throw new Error(`Outbox row of kind ${row.kind} read as ${kind}`);
  return OUTBOX_KINDS[kind].payload.parse(row.payload) as OutboxPayloads[K];
}

/** The payload of the row written under `key`, or null when there is none. */
export async function findOutboxPayload<K extends OutboxKind>(
  db: DbOrTx,
  kind: K,
  key: OutboxKey<K>,
): Promise<OutboxPayloads[K] | null> {
  const [row] = await db
    .select({ kind: outbox.kind, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.dedupeKey, key)));
  return row ? readOutboxPayload(row, kind) : null;
}
