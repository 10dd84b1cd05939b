import { Composer } from 'grammy';
import { getPackDetail, subscribeToDrop, unsubscribeFromDrop } from '@stickerdrop/core';
import { chatTextOf } from '../views/domain-errors.js';
import type { BotContext } from '../context.js';
import { openPackKeyboard } from '../views/keyboards.js';
import { packCardKeyboard } from '../views/pack-card.js';
import { readerOfContext } from '../i18n.js';
import { rememberSender } from './sender-row.js';

/**
 * "Notify me" on the bot's pack card (`drop:on:<id>`, `drop:off:<id>`): the same core services as
 * `POST|DELETE /api/stickers/:id/notify`. The answer pops up on the button; the card's button turns into
 * its opposite. A refusal (the drop opened meanwhile, the pack is gone) is shown the same way.
 */
export const dropNotifyFeature = new Composer<BotContext>();

dropNotifyFeature.callbackQuery(/^drop:(on|off):(\d{1,10})$/, async (ctx) => {
  const { db, now } = ctx.services;
  const on = ctx.match[1] === 'on';
  const packId = Number(ctx.match[2]);
  const from = ctx.from;
  await rememberSender(db, from);
  const reader = await readerOfContext(ctx);
  try {
    const input = { userId: from.id, packId, now: now() };
    await (on ? subscribeToDrop(db, input) : unsubscribeFromDrop(db, input));
  } catch (error) {
    const refusal = chatTextOf(error, reader);
    if (refusal === null) throw error;
    await ctx.answerCallbackQuery({ text: refusal, show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t(on ? 'notify-on' : 'notify-off') });
  const pack = await getPackDetail(db, packId, from.id, now());
  if (pack) {
    const keyboard = packCardKeyboard(
      reader,
      openPackKeyboard(ctx.me.username, pack.id, ctx.t('open-pack')),
      pack,
      now().getTime(),
    );
    await ctx.editMessageReplyMarkup({ reply_markup: keyboard }).catch(() => undefined);
  }
});
