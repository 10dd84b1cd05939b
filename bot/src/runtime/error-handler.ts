import type { BotError } from 'grammy';
import { GrammyError, HttpError } from 'grammy';
import { DEFAULT_LANGUAGE, isLanguage, languageOfTelegramCode, type Language } from '@stickerdrop/shared';
import type { BotContext } from '../context.js';
import type { Logger } from '@stickerdrop/core';
import { translatorFor } from '../i18n.js';

/**
 * The error boundary around every handler: logs with the update, tells the user something went wrong
 * when there is someone to tell, and never lets an error escape to crash polling or the process. A
 * conversation whose step threw has already been left by the plugin, so the message is also its end.
 */
export function handleBotError(log: Logger) {
  return async (error: BotError<BotContext>): Promise<void> => {
    const { ctx } = error;
    const cause = error.error;
    const details = { updateId: ctx.update.update_id, chatId: ctx.chatId, err: cause };
    if (cause instanceof GrammyError) log.error(details, `Bot API error in ${cause.method}: ${cause.description}`);
    else if (cause instanceof HttpError) log.error(details, 'Bot API unreachable while handling an update');
    else log.error(details, 'update handler failed');
    if (ctx.chat?.type === 'private' && (ctx.message || ctx.callbackQuery)) {
      const t = translatorFor(await languageForApology(ctx));
      await ctx.reply(t('something-went-wrong')).catch(() => undefined);
    }
  };
}

/**
 * The sender's language as the i18n middleware settled it, when the update got that far and the database
 * answers; else their Telegram app's (the failure may be the database itself).
 */
async function languageForApology(ctx: BotContext): Promise<Language> {
  const settled = await Promise.resolve(ctx.i18n?.getLocale()).catch(() => undefined);
  if (isLanguage(settled)) return settled;
  return languageOfTelegramCode(ctx.from?.language_code) ?? DEFAULT_LANGUAGE;
}
