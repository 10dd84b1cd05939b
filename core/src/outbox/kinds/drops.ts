import { z } from 'zod';
import { outboxKind } from './descriptor.js';

/** A scheduled drop opened: one message to each collector who asked to be told ("Notify me"). */
export const DropOpenedPayload = z.object({ packId: z.number(), userId: z.number(), title: z.string() });
export type DropOpenedPayload = z.infer<typeof DropOpenedPayload>;

export const DROP_OUTBOX_KINDS = {
  /** One "the drop is open" per subscriber; sent to many at once, after everyone's personal messages. */
  drop_opened: outboxKind({
    payload: DropOpenedPayload,
    key: (packId: number, userId: number) => `drop_opened:${packId}:${userId}`,
    audience: 'bulk',
    worker: 'bot',
  }),
};
