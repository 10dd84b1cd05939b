import { Composer } from 'grammy';
import { isBanned } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { standingOf } from '../runtime/update-standing.js';

/**
 * A user the marketplace banned gets one answer to whatever they send, and nothing is done for them: no
 * purchase, no report, no creator conversation, no sign-in. It sits before every feature, so none of them
 * needs to ask. A payment Telegram already took (its pre-checkout was answered before the ban) still goes
 * through the Stars feature, and /paysupport still answers (Telegram requires it of a bot that took
 * payments): money that arrived is settled or refunded, never dropped. Lifting the ban
 * makes the bot answer as before, since the ban is read on each update (with whether it was handled, as it
 * arrives; read here when it was not).
 */
export const bannedFeature = new Composer<BotContext>();

bannedFeature.use(async (ctx, next) => {
  const from = ctx.from;
  if (!from || ctx.message?.successful_payment || ctx.hasCommand('paysupport')) return next();
  const banned = standingOf(ctx)?.banned ?? (await isBanned(ctx.services.db, from.id));
  if (!banned) return next();
  const text = ctx.t('banned-account');
  if (ctx.preCheckoutQuery) await ctx.answerPreCheckoutQuery(false, { error_message: text });
  else if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
  else if (ctx.inlineQuery) await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
  else if (ctx.chat?.type === 'private') await ctx.reply(text);
});
