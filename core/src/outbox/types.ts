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
  | 'duplicate_payment';

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

export interface OutboxPayloads {
  purchase_receipt: SalePayload;
  sale_notice: SalePayload;
  refund_required: RefundPayload;
  sticker_set_delivery: StickerSetDeliveryPayload;
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
