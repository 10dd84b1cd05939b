import { z } from 'zod';

/**
 * What the outbox carries, one zod schema per kind: the writer is typed by it and every reader parses
 * with it (`readOutboxPayload`), so a row is never taken on trust. A new kind is one more entry in
 * `OUTBOX_PAYLOADS` and one more key in `outboxKey` (keys.ts).
 */

/** The edition a message is about: its pack, and "#serial of maxSupply". */
const edition = { packId: z.number(), title: z.string(), serial: z.number(), maxSupply: z.number() };

/** One sale, told to the buyer (receipt) and to the creator (sale notice). Amounts are TON strings. */
export const SalePayload = z.object({
  orderId: z.string(),
  ...edition,
  amount: z.string(),
  buyerId: z.number(),
  creatorId: z.number(),
  /** Bought as a gift: the code of the buyer's gift link, which the receipt carries. */
  giftCode: z.string().optional(),
});
export type SalePayload = z.infer<typeof SalePayload>;

/** Why a payment could not buy an edition and has to go back to the buyer. */
export const RefundReason = z.enum([
  /** Paid after the reservation lapsed, and the last editions went to others meanwhile. */
  'sold_out',
  /** The buyer already owned an edition (paid a second order for the same pack). */
  'already_owned',
  /** A second payment arrived for an order that was already settled by another payment. */
  'duplicate_payment',
  /** A resale paid after its reservation lapsed, when the listing had been sold, delisted or repriced. */
  'listing_gone',
  /** An accepted offer paid after its reservation lapsed, when the edition was no longer the bidder's to buy. */
  'offer_gone',
]);
export type RefundReason = z.infer<typeof RefundReason>;

export const RefundPayload = z.object({
  orderId: z.string(),
  packId: z.number(),
  title: z.string(),
  /** The order's amount, TON string; the rail looks up what was actually received by `paymentRef`. */
  amount: z.string(),
  buyerId: z.number(),
  paymentMethod: z.string(),
  paymentRef: z.string(),
  reason: RefundReason,
});
export type RefundPayload = z.infer<typeof RefundPayload>;

/** An owner tapped "Add to Telegram": the bot makes (or re-sends) their sticker set of the pack. */
/** How a refund reaches the buyer: the rail the payment came by; TON goes back through support. */
export const RefundRoute = z.enum(['stars', 'stripe', 'ton', 'demo']);
export type RefundRoute = z.infer<typeof RefundRoute>;

/**
 * A payment went back (or, for TON, is on its way back through support): the bot tells the buyer why.
 * `reason` is a RefundReason, or what the Stars reconciliation found ("underpaid", "unmatched").
 */
export const RefundNoticePayload = z.object({
  buyerId: z.number(),
  title: z.string().nullable(),
  reason: z.string(),
  route: RefundRoute,
});
export type RefundNoticePayload = z.infer<typeof RefundNoticePayload>;

export const StickerSetDeliveryPayload = z.object({ userId: z.number(), packId: z.number() });
export type StickerSetDeliveryPayload = z.infer<typeof StickerSetDeliveryPayload>;

/** One paid resale, told to the buyer, the seller (with their share) and the creator (with the royalty). */
export const ResalePayload = z.object({
  orderId: z.string(),
  ...edition,
  editionId: z.number(),
  /** TON strings: the price and its three parts. */
  price: z.string(),
  sellerShare: z.string(),
  royalty: z.string(),
  fee: z.string(),
  /** The creator had no linked wallet: the royalty is owed to them by the marketplace. */
  royaltyOwed: z.boolean(),
  buyerId: z.number(),
  sellerId: z.number(),
  creatorId: z.number(),
  /** Bought as a gift: the code of the buyer's gift link, which the receipt carries. */
  giftCode: z.string().optional(),
});
export type ResalePayload = z.infer<typeof ResalePayload>;

/** A resale whose on-chain legs were missing or short: nothing changed hands; the operator looks into it. */
export const ResaleFailedPayload = z.object({
  orderId: z.string(),
  packId: z.number(),
  title: z.string(),
  serial: z.number(),
  buyerId: z.number(),
  paymentRef: z.string(),
});
export type ResaleFailedPayload = z.infer<typeof ResaleFailedPayload>;

/**
 * The seller took a held listing off sale: the buyer's unpaid reservation was released, nothing charged.
 * No longer written (a held listing cannot be delisted: the buyer's signed transfer pays the seller until it
 * expires); kept so rows queued before are still delivered.
 */
export const ReservationReleasedPayload = z.object({
  orderId: z.string(),
  packId: z.number(),
  editionId: z.number(),
  title: z.string(),
  serial: z.number(),
  buyerId: z.number(),
});
export type ReservationReleasedPayload = z.infer<typeof ReservationReleasedPayload>;

/** The seller no longer owns any edition of the pack: the bot deletes the sticker set it made for them. */
export const StickerSetRevokePayload = z.object({ userId: z.number(), packId: z.number() });
export type StickerSetRevokePayload = z.infer<typeof StickerSetRevokePayload>;

/** Telegram refunded the Stars that bought an edition: it was taken back, and its owner is told. */
export const EditionRevokedPayload = z.object({
  userId: z.number(),
  ...edition,
  /** What Telegram returned to them. */
  stars: z.number(),
});
export type EditionRevokedPayload = z.infer<typeof EditionRevokedPayload>;

/** A scheduled drop opened: one message to each collector who asked to be told ("Notify me"). */
export const DropOpenedPayload = z.object({ packId: z.number(), userId: z.number(), title: z.string() });
export type DropOpenedPayload = z.infer<typeof DropOpenedPayload>;

/** An offer, as its messages tell it. `editionId`/`serial` null: a pack-wide offer not yet accepted. */
export const OfferNoticePayload = z.object({
  offerId: z.number(),
  bidderId: z.number(),
  packId: z.number(),
  title: z.string(),
  maxSupply: z.number(),
  editionId: z.number().nullable(),
  serial: z.number().nullable(),
  /** TON string. */
  price: z.string(),
  expiresAt: z.string(),
});
export type OfferNoticePayload = z.infer<typeof OfferNoticePayload>;

/** "New offer" to one owner; a pack-wide offer names the edition this holder's Accept button sells. */
export const OfferReceivedPayload = OfferNoticePayload.extend({
  ownerId: z.number(),
  editionId: z.number(),
  serial: z.number(),
  packWide: z.boolean(),
  bidderName: z.string(),
  /**
   * What accepting gives this owner after the creator's royalty and the marketplace fee, their listing price
   * of the edition the Accept button sells, and the pack's floor (TON strings). Absent in rows queued before
   * messages said so.
   */
  receive: z.string().optional(),
  listingPrice: z.string().nullable().optional(),
  floor: z.string().nullable().optional(),
});
export type OfferReceivedPayload = z.infer<typeof OfferReceivedPayload>;

/** The owner accepted: the bidder pays the resale order `orderId` before `payBy`. */
export const OfferAcceptedPayload = OfferNoticePayload.extend({ orderId: z.string(), payBy: z.string() });
export type OfferAcceptedPayload = z.infer<typeof OfferAcceptedPayload>;

/** A claimed gift, told to its new owner (with Add to Telegram) and to its sender. */
export const GiftPayload = z.object({
  giftId: z.number(),
  ...edition,
  editionId: z.number(),
  senderId: z.number(),
  recipientId: z.number(),
  /** Null when the sender chose to stay hidden. */
  senderName: z.string().nullable(),
  recipientName: z.string(),
  note: z.string(),
});
export type GiftPayload = z.infer<typeof GiftPayload>;

/** A user chose another language: the bot sets their chat's menu button in it (read when sent, so the last choice wins). */
export const ChatLanguagePayload = z.object({ userId: z.number() });
export type ChatLanguagePayload = z.infer<typeof ChatLanguagePayload>;

export const OUTBOX_PAYLOADS = {
  gift_received: GiftPayload,
  gift_claimed: GiftPayload,
  offer_received: OfferReceivedPayload,
  /** The bidder raised (or offered again within the day): the owner's "New offer" message is edited to say so. */
  offer_repriced: OfferReceivedPayload,
  offer_accepted: OfferAcceptedPayload,
  offer_declined: OfferNoticePayload,
  offer_expired: OfferNoticePayload,
  drop_opened: DropOpenedPayload,
  resale_receipt: ResalePayload,
  resale_sold: ResalePayload,
  resale_royalty: ResalePayload,
  resale_payment_failed: ResaleFailedPayload,
  reservation_released: ReservationReleasedPayload,
  sticker_set_revoke: StickerSetRevokePayload,
  purchase_receipt: SalePayload,
  sale_notice: SalePayload,
  refund_required: RefundPayload,
  refund_notice: RefundNoticePayload,
  sticker_set_delivery: StickerSetDeliveryPayload,
  edition_revoked: EditionRevokedPayload,
  chat_language: ChatLanguagePayload,
} satisfies Record<string, z.ZodType>;

export type OutboxKind = keyof typeof OUTBOX_PAYLOADS;
export type OutboxPayloads = { [K in OutboxKind]: z.infer<(typeof OUTBOX_PAYLOADS)[K]> };
/** Any kind's payload: the type of the outbox's jsonb column. */
export type OutboxPayload = OutboxPayloads[OutboxKind];
