import type { DbOrTx } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { OutboxMessage } from './types.js';

/**
 * Writes messages for the bot, in one statement. Call it with the transaction that makes the change the
 * messages are about, so they exist exactly when the change does. A repeated dedupe key is ignored;
 * returns whether this call wrote a row.
 */
export async function enqueueOutbox(tx: DbOrTx, ...messages: [OutboxMessage, ...OutboxMessage[]]): Promise<boolean> {
  const inserted = await tx
    .insert(outbox)
    .values(messages.map((message) => ({ kind: message.kind, dedupeKey: message.dedupeKey, payload: message.payload })))
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length > 0;
}
