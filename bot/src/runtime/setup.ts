import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import { isHttps } from '../views/keyboards.js';
import type { Logger } from '@stickerdrop/core';
import { TEXTS } from '../views/texts.js';

/** The update types the bot handles; asked for explicitly, since Telegram otherwise keeps the last list. */
export const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query', 'pre_checkout_query'] as const;

export const BOT_COMMANDS: BotCommand[] = [
  { command: 'start', description: 'Open the marketplace' },
  { command: 'becomecreator', description: 'Become a creator' },
  { command: 'newpack', description: 'Upload a new sticker pack' },
  { command: 'sessions', description: 'Where you are signed in' },
  { command: 'cancel', description: 'Stop what you are doing' },
  { command: 'help', description: 'What this bot can do' },
  { command: 'paysupport', description: 'Help with a payment' },
];

/**
 * Start-up: the command list, and the chat menu button that launches the mini-app. Telegram opens
 * mini-apps only from https addresses, so a local http PUBLIC_URL keeps the default menu and says why.
 */
export async function configureBotProfile(api: Api, publicUrl: string, log: Logger): Promise<void> {
  await api.setMyCommands(BOT_COMMANDS);
  if (isHttps(publicUrl)) {
    await api.setChatMenuButton({ menu_button: { type: 'web_app', text: TEXTS.openApp, web_app: { url: publicUrl } } });
  } else {
    log.warn({ publicUrl }, 'PUBLIC_URL is not https: Telegram will not open the mini-app from the bot');
  }
}
