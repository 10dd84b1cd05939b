import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.js';
import { IsoDate, PackId, TonAmount } from './common.js';

export const ORDER_STATUSES = ['reserved', 'paid', 'expired', 'refund_required', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What the chosen rail needs from the client to take the payment. */
export const PaymentInstructions = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('demo') }),
  z.object({ kind: z.literal('ton'), receiver: z.string(), amountNano: z.string(), comment: z.string() }),
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
});
export type Order = z.infer<typeof Order>;

export const BuyRequest = z.object({ stickerId: PackId, paymentMethod: z.enum(PAYMENT_METHODS).default('ton') });
export type BuyRequest = z.infer<typeof BuyRequest>;
export const OrderResponse = z.object({ order: Order });
export const OrderIdParams = z.object({ id: z.string().uuid() });
