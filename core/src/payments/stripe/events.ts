import type { Database } from '../../db/client.js';
import { settlePayment, type SettleResult } from '../settle.js';
import type { Stripe } from './client.js';
import type { BalanceTerms } from '../../balance/terms.js';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a verified Stripe event means for us. A completed Checkout Session that is paid, or an
 * asynchronous payment (bank debit) that succeeded later, settles its order once, keyed by the session
 * id: both events of one session, and every repeated delivery, end in the same single settlement.
 * Everything else is acknowledged and ignored (null).
 */
export async function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
  now: Date,
  balance?: BalanceTerms,
): Promise<SettleResult | null> {
  if (event.type === 'checkout.session.completed') {
    if (event.data.object.payment_status !== 'paid') return null;
    return settleSession(db, event.data.object, event.id, { now, balance });
  }
  if (event.type === 'checkout.session.async_payment_succeeded') {
    return settleSession(db, event.data.object, event.id, { now, balance });
  }
  return null;
}

function settleSession(
  db: Database,
  session: Stripe.Checkout.Session,
  eventId: string,
  { now, balance }: { now: Date; balance: BalanceTerms | undefined },
) {
  const named = session.metadata?.orderId ?? session.client_reference_id ?? '';
  const currency = session.currency ?? 'usd';
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  return settlePayment(
    db,
    {
      method: 'stripe',
      ref: session.id,
      orderId: ORDER_ID.test(named) ? named.toLowerCase() : null,
      amount: BigInt(session.amount_total ?? 0),
      currency,
      details: { eventId, paymentIntent: paymentIntent ?? null, email: session.customer_details?.email ?? null },
    },
    {
      now,
      ...(balance && { balance }),
      // The price is the one this order's session asked for, whatever the exchange rate is today.
      pays: (order, amount) => {
        const asked = order.payment;
        if (currency !== 'usd' || asked.kind !== 'stripe' || asked.amountCents === undefined) return false;
        return amount >= BigInt(asked.amountCents);
      },
    },
  );
}
