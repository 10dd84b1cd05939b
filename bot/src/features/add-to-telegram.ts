import { Composer } from 'grammy';
import { findPackAccess, requestStickerSet } from '@stickerdrop/core';
import type { BotContext } from '../context.js';

/**
 * "Add to Telegram" under a message about an edition the reader now owns (a claimed gift): the same job
 * as `POST /api/stickers/:id/telegram-set`, one per tap (the callback's id). Someone who does not own the
 * pack (any more) is told so on the button.
 */
export const addToTelegramFeature = new Composer<BotContext>();

addToTelegramFeature.callbackQuery(/^set:add:(\d{1,10})$/, async (ctx) => {
  const { db } = ctx.services;
  const packId = Number(ctx.match[1]);
  const access = await findPackAccess(db, packId, ctx.from.id);
  if (!access?.owned) {
    await ctx.answerCallbackQuery({ text: ctx.t('set-not-owned'), show_alert: true });
    return;
  }
  if (access.removed) {
    await ctx.answerCallbackQuery({ text: ctx.t('set-pack-removed'), show_alert: true });
    return;
  }
  await requestStickerSet(db, { userId: ctx.from.id, packId, requestId: ctx.callbackQuery.id });
  await ctx.answerCallbackQuery({ text: ctx.t('set-on-its-way') });
});
