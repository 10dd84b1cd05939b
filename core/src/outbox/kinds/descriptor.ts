import { z } from 'zod';

/** Who does a kind's job: the bot sends it to a chat; the refund worker gives a payment back. */
export type OutboxWorkerName = 'bot' | 'refunds';

/**
 * Everything core knows of one kind of outbox message, in one place:
 * - `payload`: the schema every writer is typed by and every reader parses with, so a row is never taken
 *   on trust;
 * - `key`: its dedupe key, built from the parts that make two messages the same one (writing the same key
 *   twice keeps the first row);
 * - `audience`: `bulk` for messages sent to many people at once on someone else's initiative (a pack-wide
 *   offer, a drop's announcement), claimed after every personal message that is due, so a flood of them
 *   never delays a message about someone's own money;
 * - `worker`: who does the job; the bot's side (who it goes to, how it reads) is the bot's delivery of the
 *   kind, which the bot's types require for every kind whose worker is `bot`.
 */
export interface OutboxKindDescriptor<
  Payload extends z.ZodType = z.ZodType,
  KeyParts extends unknown[] = never[],
  Worker extends OutboxWorkerName = OutboxWorkerName,
> {
  payload: Payload;
  key: (...parts: KeyParts) => string;
  audience: 'personal' | 'bulk';
  worker: Worker;
}

/** One kind's descriptor, its types kept exact so the registry can derive keys and payload types from it. */
export const outboxKind = <Payload extends z.ZodType, KeyParts extends unknown[], Worker extends OutboxWorkerName>(
  descriptor: OutboxKindDescriptor<Payload, KeyParts, Worker>,
) => descriptor;

/** What every message about one edition says of it: its pack, and "#serial of maxSupply". */
export const editionFields = {
  packId: z.number(),
  title: z.string(),
  serial: z.number(),
  maxSupply: z.number(),
};
