import { z } from 'zod';
import { editionFields, outboxKind } from './descriptor.js';

/** One sale, told to the buyer (receipt) and to the creator (sale notice). Amounts are TON strings. */
export const SalePayload = z.object({
  orderId: z.string(),
  ...editionFields,
  amount: z.string(),
  buyerId: z.number(),
  creatorId: z.number(),
  /** Bought as a gift: the code of the buyer's gift link, which the receipt carries. */
  giftCode: z.string().optional(),
});
export type SalePayload = z.infer<typeof SalePayload>;

/** The messages of a primary sale: one receipt and one sale notice per order. */
export const SALE_OUTBOX_KINDS = {
  purchase_receipt: outboxKind({
    payload: SalePayload,
    key: (orderId: string) => `receipt:${orderId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  sale_notice: outboxKind({
    payload: SalePayload,
    key: (orderId: string) => `sale:${orderId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
