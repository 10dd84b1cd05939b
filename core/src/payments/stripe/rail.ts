import { eq } from 'drizzle-orm';
import { API_ERRORS } from '@stickerdrop/shared';
import type { Database } from '../../db/client.js';
import { packs } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import type { PaymentRail } from '../../sales/payment-methods.js';
import { STRIPE_MIN_USD_CENTS, usdCents } from '../prices.js';
import type { Stripe } from './client.js';

/**
 * Stripe wants a Checkout Session to stay open at least 30 minutes from its creation. The session closes
 * this long after the reservation does: fixed per order (a retried create must send the very same
 * parameters for its idempotency key), and still 30+ minutes away whenever the live reservation retries.
 */
const SESSION_TTL_AFTER_RESERVATION_S = 31 * 60;

export interface StripeRailDeps {
  db: Database;
  stripe: Stripe;
  usdRate: string;
  publicUrl: string;
}

/**
 * Card payments through Stripe Checkout, priced in US cents from TON at TON_USD_RATE (rounded up). One
 * session per order (the idempotency key makes a retried create return the same one); the buyer is sent
 * back to the pack. Only the signed webhook fulfils.
 */
export function stripeRail(deps: StripeRailDeps): PaymentRail {
  return {
    method: 'stripe',
    async createPayment(order) {
      const cents = usdCents(order.amountNano, deps.usdRate);
      if (cents < STRIPE_MIN_USD_CENTS) throw new DomainError('invalid_price', API_ERRORS.cardAmountTooSmall);
      const [pack] = await deps.db.select({ title: packs.title }).from(packs).where(eq(packs.id, order.packId));
      const back = `${deps.publicUrl}/#/sticker?id=${order.packId}&order=${order.id}`;
      const session = await deps.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: Number(cents),
                product_data: { name: pack?.title ?? 'Sticker pack' },
              },
            },
          ],
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          payment_intent_data: { metadata: { orderId: order.id } },
          success_url: back,
          cancel_url: back,
          expires_at: Math.floor(order.expiresAt.getTime() / 1000) + SESSION_TTL_AFTER_RESERVATION_S,
        },
        { idempotencyKey: `checkout:${order.id}` },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      return { kind: 'stripe', checkoutUrl: session.url, amountCents: Number(cents) };
    },
  };
}
