import type { OutboxKind } from '../db/outbox-payloads.js';

declare const keyKind: unique symbol;
/** A dedupe key, made only by `outboxKey`: writing the same key twice keeps the first row. */
export type OutboxKey<K extends OutboxKind> = string & { readonly [keyKind]: K };

const key = <K extends OutboxKind>(value: string) => value as OutboxKey<K>;

/**
 * Every kind's dedupe key, built here and nowhere else: the writers and the readers that look a row up
 * by key (the Stars refund taken over by the bot) use the same function.
 */
export const outboxKey = {
  /** One receipt and one sale notice per order. */
  purchase_receipt: (orderId: string) => key<'purchase_receipt'>(`receipt:${orderId}`),
  sale_notice: (orderId: string) => key<'sale_notice'>(`sale:${orderId}`),
  /** One refund per payment: repeated deliveries of the same payment write one row. */
  refund_required: (orderId: string, method: string, paymentRef: string) =>
    key<'refund_required'>(`refund:${orderId}:${method}:${paymentRef}`),
  /** One notice per refunded payment, however many times its refund was retried. */
  refund_notice: (method: string, paymentRef: string) => key<'refund_notice'>(`refund-notice:${method}:${paymentRef}`),
  /** One set per tap: the request id tells two taps apart, a retried request stays one job. */
  sticker_set_delivery: (userId: number, packId: number, requestId: string) =>
    key<'sticker_set_delivery'>(`sticker_set:${userId}:${packId}:${requestId}`),
  resale_receipt: (orderId: string) => key<'resale_receipt'>(`resale-receipt:${orderId}`),
  resale_sold: (orderId: string) => key<'resale_sold'>(`resale-sold:${orderId}`),
  resale_royalty: (orderId: string) => key<'resale_royalty'>(`resale-royalty:${orderId}`),
  /** One notice per released reservation (no longer written; see ReservationReleasedPayload). */
  reservation_released: (orderId: string) => key<'reservation_released'>(`released:${orderId}`),
  resale_payment_failed: (paymentRef: string) => key<'resale_payment_failed'>(`resale-failed:${paymentRef}`),
  /** A set goes with the resale, the claimed gift or the Stars refund that took its owner's last edition. */
  sticker_set_revoke: (
    cause: { resaleOrderId: string } | { refundedStarsPaymentId: number } | { claimedGiftId: number },
  ) =>
    key<'sticker_set_revoke'>(
      'resaleOrderId' in cause
        ? `revoke:${cause.resaleOrderId}`
        : 'claimedGiftId' in cause
          ? `revoke:gift:${cause.claimedGiftId}`
          : `revoke:stars:${cause.refundedStarsPaymentId}`,
    ),
  /** A gift is claimed once: its new owner and its sender are told once. */
  gift_received: (giftId: number) => key<'gift_received'>(`gift-received:${giftId}`),
  gift_claimed: (giftId: number) => key<'gift_claimed'>(`gift-claimed:${giftId}`),
  /** Once per offer and owner: a repriced offer is not sent again (the Accept button checks the price). */
  offer_received: (offerId: number, ownerId: number) => key<'offer_received'>(`offer-received:${offerId}:${ownerId}`),
  /** One edit per change of the offer (`at`: when it changed) and owner. */
  offer_repriced: (offerId: number, ownerId: number, at: Date) =>
    key<'offer_repriced'>(`offer-repriced:${offerId}:${ownerId}:${at.getTime()}`),
  /** An offer is accepted, declined or expires once. */
  offer_accepted: (offerId: number) => key<'offer_accepted'>(`offer-accepted:${offerId}`),
  offer_declined: (offerId: number) => key<'offer_declined'>(`offer-declined:${offerId}`),
  offer_expired: (offerId: number) => key<'offer_expired'>(`offer-expired:${offerId}`),
  /** One notice per refunded Stars payment. */
  edition_revoked: (starsPaymentId: number) => key<'edition_revoked'>(`edition-revoked:${starsPaymentId}`),
  /** One "the drop is open" per subscriber. */
  drop_opened: (packId: number, userId: number) => key<'drop_opened'>(`drop_opened:${packId}:${userId}`),
  /** One per change of a user's language (to `language`, `at` when it changed). */
  chat_language: (userId: number, language: string, at: Date) =>
    key<'chat_language'>(`chat-language:${userId}:${language}:${at.getTime()}`),
} satisfies { [K in OutboxKind]: (...parts: never[]) => OutboxKey<K> };
