import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { replyWelcome } from './welcome.js';

/** What nothing else handled: buttons of finished conversations, and private messages out of context. */
export const fallbackFeature = new Composer<BotContext>();

fallbackFeature.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: ctx.t('stale-button') }));

fallbackFeature.chatType('private').on('message:text', (ctx) => replyWelcome(ctx));
