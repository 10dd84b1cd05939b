import { Composer } from 'grammy';
import { and, eq } from 'drizzle-orm';
import {
  checkStarsPreCheckout,
  type Database,
  refundNotice,
  refundStarsNow,
  settleStarsPayment,
  STARS_CURRENCY,
  tables,
} from '@stickerdrop/core';
import type { BotContext } from '../context.js';

/**
 * Telegram Stars, the rail for purchases inside Telegram: the invoice (made by the API) is paid in the
 * chat, so the bot answers the pre-checkout query and settles the payment through the API's services.
 * A paid order's receipt and sale notice then come from the outbox like every other rail's. A payment
 * that bought nothing is refunded at once, and the buyer told why.
 */
export const starsPaymentsFeature = new Composer<BotContext>();

starsPaymentsFeature.on('pre_checkout_query', async (ctx) => {
  const query = ctx.preCheckoutQuery;
  const answer = await checkStarsPreCheckout(ctx.services.db, {
    payload: query.invoice_payload,
    payerId: query.from.id,
    currency: query.currency,
    totalAmount: query.total_amount,
    now: ctx.services.now(),
  });
  if (answer.ok) await ctx.answerPreCheckoutQuery(true);
  else await ctx.answerPreCheckoutQuery(false, { error_message: answer.error });
});

starsPaymentsFeature.on('message:successful_payment', async (ctx) => {
  const payment = ctx.message.successful_payment;
  if (payment.currency !== STARS_CURRENCY) return;
  const { db, now } = ctx.services;
  const payerId = ctx.from.id;
  const chargeId = payment.telegram_payment_charge_id;
  // Settled inside the update: Telegram re-delivers it if this fails, and a repeat is settled once.
  const result = await settleStarsPayment(db, {
    payload: payment.invoice_payload,
    chargeId,
    payerId,
    currency: payment.currency,
    totalAmount: payment.total_amount,
    now: now(),
  });
  if (result.outcome === 'fulfilled') return;
  const refunded = await refundStarsNow(db, {
    orderId: result.orderId,
    chargeId,
    payerId,
    now: now(),
    refund: (userId, charge) => ctx.api.refundStarPayment(userId, charge),
  });
  if (!refunded) return;
  const { title, reason } = await refundContext(db, result.orderId, chargeId, result.outcome);
  await ctx.reply(refundNotice({ title, reason, route: 'stars' }), { parse_mode: 'HTML' });
});

/** The pack's title and why the payment bought nothing, for the buyer's message. */
async function refundContext(
  db: Database,
  orderId: string | null,
  chargeId: string,
  outcome: string,
): Promise<{ title: string | null; reason: string }> {
  if (!orderId) return { title: null, reason: outcome };
  const [job] = await db
    .select({ payload: tables.outbox.payload })
    .from(tables.outbox)
    .where(
      and(
        eq(tables.outbox.kind, 'refund_required'),
        eq(tables.outbox.dedupeKey, `refund:${orderId}:stars:${chargeId}`),
      ),
    );
  const [pack] = await db
    .select({ title: tables.packs.title })
    .from(tables.orders)
    .innerJoin(tables.packs, eq(tables.packs.id, tables.orders.packId))
    .where(eq(tables.orders.id, orderId));
  const reason = (job?.payload as { reason?: string } | undefined)?.reason ?? outcome;
  return { title: pack?.title ?? null, reason };
}
