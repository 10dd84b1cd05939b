/**
 * What the outbox carries to the bot. Each kind names its payload; a new kind is one more entry in
 * `OutboxPayloads`, and the drainer gets a discriminated union to switch on.
 */

/** One sale, told to the buyer (receipt) and to the creator (sale notice). Amounts are TON strings. */
export interface SalePayload {
  orderId: string;
  packId: number;
  title: string;
  /** The edition's serial: "#serial of maxSupply". */
  serial: number;
  maxSupply: number;
  amount: string;
  buyerId: number;
  creatorId: number;
}

/** Why a payment could not buy an edition and has to go back to the buyer. */
export type RefundReason =
  /** Paid after the reservation lapsed, and the last editions went to others meanwhile. */
  | 'sold_out'
  /** The buyer already owned an edition (paid a second order for the same pack). */
  | 'already_owned'
  /** A second payment arrived for an order that was already settled by another payment. */
  | 'duplicate_payment'
  /** A resale paid after its reservation lapsed, when the listing had been sold, delisted or repriced. */
  | 'listing_gone'
  /** An accepted offer paid after its reservation lapsed, when the edition had changed hands meanwhile. */
  | 'offer_gone';

export interface RefundPayload {
  orderId: string;
  packId: number;
  title: string;
  /** The order's amount, TON string; the rail looks up what was actually received by `paymentRef`. */
  amount: string;
  buyerId: number;
  paymentMethod: string;
  paymentRef: string;
  reason: RefundReason;
}

/** An owner tapped "Add to Telegram": the bot makes (or re-sends) their sticker set of the pack. */
export interface StickerSetDeliveryPayload {
  userId: number;
  packId: number;
}

/** One paid resale, told to the buyer, the seller (with their share) and the creator (with the royalty). */
export interface ResalePayload {
  orderId: string;
  packId: number;
  title: string;
  editionId: number;
  serial: number;
  maxSupply: number;
  /** TON strings: the price and its three parts. */
  price: string;
  sellerShare: string;
  royalty: string;
  fee: string;
  /** The creator had no linked wallet: the royalty is owed to them by the marketplace. */
  royaltyOwed: boolean;
  buyerId: number;
  sellerId: number;
  creatorId: number;
}

/** A resale whose on-chain legs were missing or short: nothing changed hands; the operator looks into it. */
export interface ResaleFailedPayload {
  orderId: string;
  packId: number;
  title: string;
  serial: number;
  buyerId: number;
  paymentRef: string;
}

/** The seller no longer owns any edition of the pack: the bot deletes the sticker set it made for them. */
export interface StickerSetRevokePayload {
  userId: number;
  packId: number;
}

/** An offer, as its messages tell it. `editionId`/`serial` null: a pack-wide offer not yet accepted. */
export interface OfferNoticePayload {
  offerId: number;
  bidderId: number;
  packId: number;
  title: string;
  maxSupply: number;
  editionId: number | null;
  serial: number | null;
  /** TON string. */
  price: string;
  expiresAt: string;
}

/** "New offer" to one owner; a pack-wide offer names the edition this holder's Accept button sells. */
export interface OfferReceivedPayload extends OfferNoticePayload {
  ownerId: number;
  editionId: number;
  serial: number;
  packWide: boolean;
  bidderName: string;
}

/** The owner accepted: the bidder pays the resale order `orderId` before `payBy`. */
export interface OfferAcceptedPayload extends OfferNoticePayload {
  orderId: string;
  payBy: string;
}

/** Telegram refunded the Stars that bought an edition: it was taken back, and its owner is told. */
export interface EditionRevokedPayload {
  userId: number;
  packId: number;
  title: string;
  serial: number;
  maxSupply: number;
  /** What Telegram returned to them. */
  stars: number;
}

export interface OutboxPayloads {
  offer_received: OfferReceivedPayload;
  offer_accepted: OfferAcceptedPayload;
  offer_declined: OfferNoticePayload;
  offer_expired: OfferNoticePayload;
  resale_receipt: ResalePayload;
  resale_sold: ResalePayload;
  resale_royalty: ResalePayload;
  resale_payment_failed: ResaleFailedPayload;
  sticker_set_revoke: StickerSetRevokePayload;
  purchase_receipt: SalePayload;
  sale_notice: SalePayload;
  refund_required: RefundPayload;
  sticker_set_delivery: StickerSetDeliveryPayload;
  edition_revoked: EditionRevokedPayload;
}

export type OutboxKind = keyof OutboxPayloads;

export type OutboxMessage = {
  [K in OutboxKind]: {
    kind: K;
    /** Unique per job: writing the same key twice keeps the first row (one receipt per order). */
    dedupeKey: string;
    payload: OutboxPayloads[K];
  };
}[OutboxKind];
