import type { BotError } from 'grammy';
import { GrammyError, HttpError } from 'grammy';
import type { BotContext } from '../context.js';
import type { Logger } from '@stickerdrop/core';
import { TEXTS } from '../views/texts.js';

/**
 * The error boundary around every handler: logs with the update, tells the user something went wrong
 * when there is someone to tell, and never lets an error escape to crash polling or the process.
 */
export function handleBotError(log: Logger) {
  return async (error: BotError<BotContext>): Promise<void> => {
    const { ctx } = error;
    const cause = error.error;
    const details = { updateId: ctx.update.update_id, chatId: ctx.chatId, err: cause };
    if (cause instanceof GrammyError) log.error(details, `Bot API error in ${cause.method}: ${cause.description}`);
    else if (cause instanceof HttpError) log.error(details, 'Bot API unreachable while handling an update');
    else log.error(details, 'update handler failed');
    if (ctx.chat?.type === 'private' && ctx.message) {
      await ctx.reply(TEXTS.somethingWentWrong).catch(() => undefined);
    }
  };
}
