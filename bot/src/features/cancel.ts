import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { TEXTS } from '../views/texts.js';

/** `/cancel` leaves any conversation. Installed ahead of the conversations, so they never see it. */
export const cancelFeature = new Composer<BotContext>();

cancelFeature.command('cancel', async (ctx) => {
  const active = Object.keys(ctx.conversation.active()).length > 0;
  if (!active) return ctx.reply(TEXTS.nothingToCancel);
  await ctx.conversation.exitAll();
  await ctx.reply(TEXTS.cancelled);
});
