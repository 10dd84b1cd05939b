import { readOutboxPayload, type OutboxPayloads, type OutboxRow } from '@stickerdrop/core';
import { PermanentDeliveryError } from './delivery-deps.js';

type NumberFieldOf<T> = { [P in keyof T]-?: T[P] extends number ? P : never }[keyof T];

/**
 * Who each kind of message the bot sends goes to: the payload field holding that user's id, which is
 * their chat with the bot. A kind missing here is not the bot's to send (refund_required: the refund worker makes the refund; its notice is a refund_notice row).
 */
const RECIPIENT_FIELD = {
  purchase_receipt: 'buyerId',
  sale_notice: 'creatorId',
  sticker_set_delivery: 'userId',
  edition_revoked: 'userId',
  drop_opened: 'userId',
  refund_notice: 'buyerId',
  resale_receipt: 'buyerId',
  resale_sold: 'sellerId',
  resale_royalty: 'creatorId',
  resale_payment_failed: 'buyerId',
  reservation_released: 'buyerId',
  sticker_set_revoke: 'userId',
  offer_received: 'ownerId',
  offer_repriced: 'ownerId',
  offer_accepted: 'bidderId',
  offer_declined: 'bidderId',
  offer_expired: 'bidderId',
  gift_received: 'recipientId',
  gift_claimed: 'senderId',
  chat_language: 'userId',
} as const satisfies { [K in keyof OutboxPayloads]?: NumberFieldOf<OutboxPayloads[K]> };

type SentKind = keyof typeof RECIPIENT_FIELD;
const isSentByBot = (kind: string): kind is SentKind => Object.hasOwn(RECIPIENT_FIELD, kind);

/** The chat a row's message goes to; rows of one chat are sent in order, one at a time. */
export function recipientOf(row: OutboxRow): number {
  if (!isSentByBot(row.kind)) throw new PermanentDeliveryError(`The bot does not send outbox kind ${row.kind}`);
  const payload: Record<string, unknown> = readOutboxPayload(row, row.kind);
  // The table's `satisfies` proves the field is a number in this kind's payload schema.
  return payload[RECIPIENT_FIELD[row.kind]] as number;
}
