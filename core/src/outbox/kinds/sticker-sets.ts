import { z } from 'zod';
import { outboxKind } from './descriptor.js';

/** An owner tapped "Add to Telegram": the bot makes (or re-sends) their sticker set of the pack. */
export const StickerSetDeliveryPayload = z.object({ userId: z.number(), packId: z.number() });
export type StickerSetDeliveryPayload = z.infer<typeof StickerSetDeliveryPayload>;

/** The owner no longer holds any edition of the pack: the bot deletes the sticker set it made for them. */
export const StickerSetRevokePayload = z.object({ userId: z.number(), packId: z.number() });
export type StickerSetRevokePayload = z.infer<typeof StickerSetRevokePayload>;

/** An owner's own Telegram sticker set of a pack: made when they ask, removed when their last edition goes. */
export const STICKER_SET_OUTBOX_KINDS = {
  /** One set per tap: the request id tells two taps apart, a retried request stays one job. */
  sticker_set_delivery: outboxKind({
    payload: StickerSetDeliveryPayload,
    key: (userId: number, packId: number, requestId: string) => `sticker_set:${userId}:${packId}:${requestId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  /**
   * A set goes with the resale, the claimed gift or the Stars refund that took its owner's last edition, or
   * with a copyright takedown of its pack (one per owner).
   */
  sticker_set_revoke: outboxKind({
    payload: StickerSetRevokePayload,
    key: (
      cause:
        | { resaleOrderId: string }
        | { refundedStarsPaymentId: number }
        | { claimedGiftId: number }
        | { takenDownPackId: number; at: Date; userId: number },
    ) =>
      'resaleOrderId' in cause
        ? `revoke:${cause.resaleOrderId}`
        : 'claimedGiftId' in cause
          ? `revoke:gift:${cause.claimedGiftId}`
          : 'takenDownPackId' in cause
            ? `revoke:takedown:${cause.takenDownPackId}:${cause.at.getTime()}:${cause.userId}`
            : `revoke:stars:${cause.refundedStarsPaymentId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
