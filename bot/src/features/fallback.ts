import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { TEXTS } from '../views/texts.js';
import { replyWelcome } from './welcome.js';

/** What nothing else handled: buttons of finished conversations, and private messages out of context. */
export const fallbackFeature = new Composer<BotContext>();

fallbackFeature.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: TEXTS.staleButton }));

fallbackFeature.chatType('private').on('message:text', (ctx) => replyWelcome(ctx));
