import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

/** `/help`, and `/paysupport`, which Telegram requires of every bot that takes payments. */
export const helpFeature = new Composer<BotContext>();

helpFeature.command('help', (ctx) => ctx.reply(ctx.t('help', { bot: ctx.me.username }), { parse_mode: 'HTML' }));

helpFeature.command('paysupport', (ctx) => ctx.reply(ctx.t('pay-support'), { parse_mode: 'HTML' }));
