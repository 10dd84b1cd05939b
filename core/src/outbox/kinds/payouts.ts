import { z } from 'zod';
import { outboxKind } from './descriptor.js';

/** A creator's withdrawal arrived in their wallet: how much, and the transaction that paid it. */
export const PayoutPaidPayload = z.object({
  userId: z.number(),
  /** Exact TON decimal. */
  amount: z.string(),
  /** The payout wallet's transaction on the network's explorer (tonviewer). */
  txUrl: z.string(),
});
export type PayoutPaidPayload = z.infer<typeof PayoutPaidPayload>;

/** A TON payment went back to the wallet it came from, paid by the marketplace's payout wallet. */
export const RefundPaidPayload = z.object({
  userId: z.number(),
  amount: z.string(),
  /** The pack the payment was for, when it named an order. */
  title: z.string().nullable(),
  txUrl: z.string(),
});
export type RefundPaidPayload = z.infer<typeof RefundPaidPayload>;

/** Money out, once the chain shows it arrived: one message per payout, however often its settlement runs. */
export const PAYOUT_OUTBOX_KINDS = {
  payout_paid: outboxKind({
    payload: PayoutPaidPayload,
    key: (payoutId: number) => `payout-paid:${payoutId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  refund_paid: outboxKind({
    payload: RefundPaidPayload,
    key: (payoutId: number) => `refund-paid:${payoutId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
