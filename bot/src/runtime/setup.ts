import type { Api } from 'grammy';
import type { BotCommand, MenuButton } from 'grammy/types';
import { isHttps } from '../views/keyboards.js';
import type { Logger } from '@stickerdrop/core';
import type { Language } from '@stickerdrop/shared';
import { BOT_LANGUAGES, readerOfContext, translatorFor } from '../i18n.js';
import type { BotContext } from '../context.js';

/** The update types the bot handles; asked for explicitly, since Telegram otherwise keeps the last list. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query', 'pre_checkout_query'] as const;

const COMMANDS = ['start', 'becomecreator', 'newpack', 'sessions', 'cancel', 'help', 'paysupport'] as const;

/** The command list in one language; each description is the catalogue's `cmd-<command>`. */
export function botCommandsIn(language: Language): BotCommand[] {
  const t = translatorFor(language);
  return COMMANDS.map((command) => ({ command, description: t(`cmd-${command}`) }));
}

/** The default (English) list, for clients in any language we do not speak. */
export const BOT_COMMANDS: BotCommand[] = botCommandsIn('en');

/**
 * Start-up: the command list, and the chat menu button that launches the mini-app. Telegram opens
 * mini-apps only from https addresses, so a local http PUBLIC_URL keeps the default menu and says why.
 */
export async function configureBotProfile(api: Api, publicUrl: string, log: Logger): Promise<void> {
  await api.setMyCommands(BOT_COMMANDS);
  // Telegram shows a user the list for their app's language_code when there is one, the default otherwise.
  for (const language of BOT_LANGUAGES.filter((l) => l !== 'en')) {
    await api.setMyCommands(botCommandsIn(language), { language_code: language });
  }
  if (isHttps(publicUrl)) {
    const text = translatorFor('en')('open-app');
    await api.setChatMenuButton({ menu_button: { type: 'web_app', text, web_app: { url: publicUrl } } });
  } else {
    log.warn({ publicUrl }, 'PUBLIC_URL is not https: Telegram will not open the mini-app from the bot');
  }
}

/**
 * A chat's own menu button in `language`: the mini-app under its name in that language. English is the
 * bot's default button (set at start-up), so an English chat goes back to it rather than keep a copy.
 */
export function chatMenuButtonIn(language: Language, publicUrl: string): MenuButton {
  if (language === 'en') return { type: 'default' };
  return { type: 'web_app', text: translatorFor(language)('open-app'), web_app: { url: publicUrl } };
}

/**
 * The menu button is one text for every chat unless a chat has its own: a reader of another language than
 * English gets one in theirs when they /start (an English reader keeps the default, no call needed). A
 * language chosen later in the profile reaches the chat through the outbox (chat_language).
 */
export async function setChatMenuButtonInLanguage(ctx: BotContext): Promise<void> {
  const language = (await readerOfContext(ctx)).language;
  if (language === 'en' || !ctx.chat || !isHttps(ctx.services.publicUrl)) return;
  await ctx.api.setChatMenuButton({
    chat_id: ctx.chat.id,
    menu_button: chatMenuButtonIn(language, ctx.services.publicUrl),
  });
}
