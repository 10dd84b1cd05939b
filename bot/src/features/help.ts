import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { TEXTS } from '../views/texts.js';

/** `/help`, and `/paysupport`, which Telegram requires of every bot that takes payments. */
export const helpFeature = new Composer<BotContext>();

helpFeature.command('help', (ctx) => ctx.reply(TEXTS.help.replace('{bot}', ctx.me.username), { parse_mode: 'HTML' }));

helpFeature.command('paysupport', (ctx) => ctx.reply(TEXTS.paySupport, { parse_mode: 'HTML' }));
