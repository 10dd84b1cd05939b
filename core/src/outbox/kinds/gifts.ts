import { z } from 'zod';
import { editionFields, outboxKind } from './descriptor.js';

/** A claimed gift, told to its new owner (with Add to Telegram) and to its sender. */
export const GiftPayload = z.object({
  giftId: z.number(),
  ...editionFields,
  editionId: z.number(),
  senderId: z.number(),
  recipientId: z.number(),
  /** Null when the sender chose to stay hidden. */
  senderName: z.string().nullable(),
  recipientName: z.string(),
  note: z.string(),
});
export type GiftPayload = z.infer<typeof GiftPayload>;

/** A gift is claimed once: its new owner and its sender are told once. */
export const GIFT_OUTBOX_KINDS = {
  gift_received: outboxKind({
    payload: GiftPayload,
    key: (giftId: number) => `gift-received:${giftId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  gift_claimed: outboxKind({
    payload: GiftPayload,
    key: (giftId: number) => `gift-claimed:${giftId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
