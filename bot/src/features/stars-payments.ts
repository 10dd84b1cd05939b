import { Composer } from 'grammy';
import {
  checkStarsPreCheckout,
  refundStarsNow,
  settleStarsPayment,
  STARS_CURRENCY,
  starsRefundContext,
} from '@stickerdrop/core';
import { errorTextIn } from '@stickerdrop/shared';
import type { BotContext } from '../context.js';
import { readerOfContext } from '../i18n.js';
import { refundNotice } from '../views/refund-texts.js';

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
  if (answer.ok) {
    await ctx.answerPreCheckoutQuery(true);
    return;
  }
  // Telegram shows the reason in the payment form: in the payer's language, as the bot's replies are.
  const { language } = await readerOfContext(ctx);
  await ctx.answerPreCheckoutQuery(false, { error_message: errorTextIn(language, answer.error) });
});

starsPaymentsFeature.on('message:successful_payment', async (ctx) => {
  const payment = ctx.message.successful_payment;
  if (payment.currency !== STARS_CURRENCY) return;
  const { db, now, balance } = ctx.services;
  const payerId = ctx.from.id;
  const chargeId = payment.telegram_payment_charge_id;
  // Settled inside the update: Telegram re-delivers it if this fails, and a repeat is settled once. In a
  // drop Telegram sends up to 40 updates at once; their settlements wait together in memory and then share
  // one transaction (core's group commit), so they do not each hold a pool connection while waiting.
  const result = await settleStarsPayment(db, {
    payload: payment.invoice_payload,
    chargeId,
    payerId,
    currency: payment.currency,
    totalAmount: payment.total_amount,
    now: now(),
    balance,
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
  const { title, reason } = await starsRefundContext(db, result.orderId, result.reason ?? result.outcome);
  await ctx.reply(refundNotice({ title, reason, route: 'stars' }, ctx.t), { parse_mode: 'HTML' });
});
