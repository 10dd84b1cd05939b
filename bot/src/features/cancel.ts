import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

/** `/cancel` leaves any conversation. Installed ahead of the conversations, so they never see it. */
export const cancelFeature = new Composer<BotContext>();

cancelFeature.command('cancel', async (ctx) => {
  const active = Object.keys(ctx.conversation.active()).length > 0;
  if (!active) return ctx.reply(ctx.t('nothing-to-cancel'));
  await ctx.conversation.exitAll();
  await ctx.reply(ctx.t('cancelled'));
});
