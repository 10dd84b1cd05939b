import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.js';
import { IsoDate, PackId, RowId, TonAmount } from './common.js';

export const ORDER_STATUSES = ['reserved', 'paid', 'expired', 'refund_required', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TonMessage = z.object({ address: z.string(), amount: z.string(), payload: z.string().optional() });
export type TonMessage = z.infer<typeof TonMessage>;

/** A resale's transfers by name: the seller's share, the creator's royalty (null: it rides in the fee leg), our fee. */
export const ResaleLegs = z.object({ seller: TonMessage, royalty: TonMessage.nullable(), fee: TonMessage });
export type ResaleLegs = z.infer<typeof ResaleLegs>;

/**
 * A primary sale's transfers by name: the creator's share (null when they had no wallet: the fee leg then
 * carries the whole price and their share is credited to their balance) and our fee, with the comment.
 */
export const PrimaryLegs = z.object({ creator: TonMessage.nullable(), fee: TonMessage });
export type PrimaryLegs = z.infer<typeof PrimaryLegs>;

/** What the chosen rail needs from the client to take the payment. */
export const PaymentInstructions = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('demo') }),
  /**
   * `validUntil` and `messages` are TON Connect's own `sendTransaction` request: unix seconds no later than
   * the reservation's end, and the transfers in order (amounts in nanotons, payload the comment's BOC). A
   * resale has up to three: seller, creator royalty, and the marketplace fee with the comment, last; a
   * primary sale two: the creator's share, then the fee with the comment. `amountNano` is the fee leg's.
   */
  z.object({
    kind: z.literal('ton'),
    receiver: z.string(),
    amountNano: z.string(),
    comment: z.string(),
    validUntil: z.number().int().optional(),
    messages: z.array(TonMessage).optional(),
    /** The legs by name (a resale's or a primary sale's): the same transfers as `messages`, in the wallet's order. */
    legs: z.union([ResaleLegs, PrimaryLegs]).optional(),
  }),
  /** `amountCents`: the card price in US cents (TON_USD_RATE at the time of the order). */
  z.object({ kind: z.literal('stripe'), checkoutUrl: z.string(), amountCents: z.number().int().optional() }),
  z.object({ kind: z.literal('stars'), invoiceLink: z.string(), stars: z.number().int() }),
]);
export type PaymentInstructions = z.infer<typeof PaymentInstructions>;

export const Order = z.object({
  id: z.string(),
  stickerId: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  amount: TonAmount,
  expiresAt: IsoDate,
  createdAt: IsoDate,
  paidAt: IsoDate.nullable(),
  edition: z.number().int().nullable(),
  payment: PaymentInstructions,
  /** Set on resale orders only: what is being bought. */
  kind: z.enum(['primary', 'resale']).optional(),
  /** The listing bought; absent when the order came from an accepted offer (then `offerId`). */
  listingId: z.number().int().optional(),
  offerId: z.number().int().optional(),
  editionId: z.number().int().optional(),
  serial: z.number().int().optional(),
});
export type Order = z.infer<typeof Order>;

/** `asGift`: once paid, the edition is the buyer's pending gift, and the receipt carries its claim link. */
export const BuyRequest = z.object({
  stickerId: PackId,
  paymentMethod: z.enum(PAYMENT_METHODS).default('ton'),
  asGift: z.boolean().default(false),
});
export type BuyRequest = z.infer<typeof BuyRequest>;
/** Buying a resale listing instead of a new edition. */
export const BuyListingRequest = z.object({
  listingId: RowId,
  paymentMethod: z.enum(PAYMENT_METHODS).default('ton'),
  asGift: z.boolean().default(false),
});
export type BuyListingRequest = z.infer<typeof BuyListingRequest>;
export const OrderResponse = z.object({ order: Order });
export const OrderIdParams = z.object({ id: z.string().uuid() });
