import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { OutboxMessage } from './types.js';

/**
 * Writes a message for the bot. Call it with the transaction that makes the change the message is about,
 * so the message exists exactly when the change does. A repeated dedupe key is ignored; returns whether
 * this call wrote the row.
 */
export async function enqueueOutbox(tx: DbOrTx, message: OutboxMessage): Promise<boolean> {
  const inserted = await tx
    .insert(outbox)
    .values({ kind: message.kind, dedupeKey: message.dedupeKey, payload: message.payload })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length > 0;
}
