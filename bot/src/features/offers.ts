import { Composer } from 'grammy';
import { acceptOffer, declineOffer } from '@stickerdrop/core';
import { chatTextOf } from '../views/domain-errors.js';
import type { BotContext } from '../context.js';
import { readerOfContext } from '../i18n.js';
import { timeIn } from '../views/texts.js';

/**
 * The Accept and Decline buttons of a "New offer" message: the same core functions, and so the same checks,
 * as POST /api/offers/:id/accept and /decline, for the Telegram user who pressed them. A refusal (not the
 * owner, no longer open, edition held) is shown as an alert and the buttons stay; success removes them.
 */
export const offersFeature = new Composer<BotContext>();

// Buttons sent before the price was part of the data have none: such a tap is refused as a changed offer.
offersFeature.callbackQuery(/^offer:accept:(\d{1,10}):(\d{1,10})(?::(\d{1,20}))?$/, async (ctx) => {
  const terms = ctx.services.offerTerms;
  if (!terms) return ctx.answerCallbackQuery({ text: ctx.t('offer-accept-in-app'), show_alert: true });
  const [, offerId, editionId, priceNano] = ctx.match;
  const order = await refusalAsAlert(ctx, () =>
    acceptOffer(ctx.services.db, {
      userId: ctx.from.id,
      offerId: Number(offerId),
      editionId: Number(editionId),
      expectedPriceNano: BigInt(priceNano ?? -1),
      ...terms,
      now: ctx.services.now(),
    }),
  );
  if (!order) return;
  const { language, t } = await readerOfContext(ctx);
  await settle(
    ctx,
    t('offer-you-accepted', { payBy: timeIn(language, payByOf(order.expiresAt, order.payment), 'minute') }),
  );
});

offersFeature.callbackQuery(/^offer:decline:(\d{1,10})$/, async (ctx) => {
  const done = await refusalAsAlert(ctx, async () => {
    await declineOffer(ctx.services.db, {
      userId: ctx.from.id,
      offerId: Number(ctx.match[1]),
      now: ctx.services.now(),
    });
    return true;
  });
  if (done) await settle(ctx, ctx.t('offer-you-declined'));
});

/** Runs the core call; a domain refusal becomes an alert on the button (and undefined), anything else throws. */
async function refusalAsAlert<T>(ctx: BotContext, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    const refusal = chatTextOf(error, await readerOfContext(ctx));
    if (refusal === null) throw error;
    await ctx.answerCallbackQuery({ text: refusal, show_alert: true });
    return undefined;
  }
}

async function settle(ctx: BotContext, text: string): Promise<void> {
  await ctx.answerCallbackQuery();
  await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } });
  await ctx.reply(text, { reply_parameters: ctx.msgId ? { message_id: ctx.msgId } : undefined });
}

/** The wallet's deadline (validUntil) when the order is paid in TON, else the reservation's end. */
function payByOf(expiresAt: Date, payment: unknown): string {
  const validUntil = (payment as { validUntil?: number }).validUntil;
  return (validUntil ? new Date(validUntil * 1000) : expiresAt).toISOString();
}
