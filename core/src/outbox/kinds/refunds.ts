import { z } from 'zod';
import { editionFields, outboxKind } from './descriptor.js';

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
  /** The marketplace took the pack down for copyright: every purchase of it goes back. */
  'taken_down',
  /** Paid for a pack the marketplace had removed meanwhile (a takedown, a banned creator): none of it is sold. */
  'pack_removed',
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

/**
 * How a refund reaches the buyer: the rail the payment came by. TON goes back from the marketplace's payout
 * wallet (`ton_wallet`; a second message says when it arrived), or through support when that cannot be
 * automated (`ton`).
 */
export const RefundRoute = z.enum(['stars', 'stripe', 'ton_wallet', 'ton', 'demo']);
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

/** Telegram refunded the Stars that bought an edition: it was taken back, and its owner is told. */
export const EditionRevokedPayload = z.object({
  userId: z.number(),
  ...editionFields,
  /** What Telegram returned to them. */
  stars: z.number(),
});
export type EditionRevokedPayload = z.infer<typeof EditionRevokedPayload>;

/** Money going back: the refund itself (the refund worker's job), and what the people it concerns are told. */
export const REFUND_OUTBOX_KINDS = {
  /** One refund per payment: repeated deliveries of the same payment write one row. */
  refund_required: outboxKind({
    payload: RefundPayload,
    key: (orderId: string, method: string, paymentRef: string) => `refund:${orderId}:${method}:${paymentRef}`,
    audience: 'personal',
    worker: 'refunds',
  }),
  /** One notice per refunded payment, however many times its refund was retried. */
  refund_notice: outboxKind({
    payload: RefundNoticePayload,
    key: (method: string, paymentRef: string) => `refund-notice:${method}:${paymentRef}`,
    audience: 'personal',
    worker: 'bot',
  }),
  /** One notice per refunded Stars payment. */
  edition_revoked: outboxKind({
    payload: EditionRevokedPayload,
    key: (starsPaymentId: number) => `edition-revoked:${starsPaymentId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
