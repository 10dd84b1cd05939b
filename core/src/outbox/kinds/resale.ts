import { z } from 'zod';
import { editionFields, outboxKind } from './descriptor.js';

/** One paid resale, told to the buyer, the seller (with their share) and the creator (with the royalty). */
export const ResalePayload = z.object({
  orderId: z.string(),
  ...editionFields,
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

/** A resale's messages: the three a sale makes (one each per order), and a payment that bought nothing. */
export const RESALE_OUTBOX_KINDS = {
  resale_receipt: outboxKind({
    payload: ResalePayload,
    key: (orderId: string) => `resale-receipt:${orderId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  resale_sold: outboxKind({
    payload: ResalePayload,
    key: (orderId: string) => `resale-sold:${orderId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  resale_royalty: outboxKind({
    payload: ResalePayload,
    key: (orderId: string) => `resale-royalty:${orderId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  resale_payment_failed: outboxKind({
    payload: ResaleFailedPayload,
    key: (paymentRef: string) => `resale-failed:${paymentRef}`,
    audience: 'personal',
    worker: 'bot',
  }),
  /** One notice per released reservation (no longer written; see ReservationReleasedPayload). */
  reservation_released: outboxKind({
    payload: ReservationReleasedPayload,
    key: (orderId: string) => `released:${orderId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
