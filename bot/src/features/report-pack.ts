import { Composer, InlineKeyboard } from 'grammy';
import { MESSAGES, REPORT_REASONS, errorTextIn, type ReportReason } from '@stickerdrop/shared';
import { getPackDetail, reportPack, reportsFiledSince } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { readerOfContext, type Reader } from '../i18n.js';
import { chatTextOf } from '../views/domain-errors.js';
import { escapeHtml } from '../views/texts.js';
import { rememberSender } from './sender-row.js';

/** The catalogue keys of the reasons, by the prefix the code builds them with. */
export const REPORT_REASON_KEY_FAMILY = { 'report-reason-': REPORT_REASONS.map((reason) => `report-reason-${reason}`) };

/** The reasons to choose from, one button each (`report:<packId>:<reason>`). */
function reasonsKeyboard({ t }: Reader, packId: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const reason of REPORT_REASONS) keyboard.text(t(`report-reason-${reason}`), `report:${packId}:${reason}`).row();
  return keyboard;
}

/**
 * "Report" under the bot's pack card (`report:<packId>`): the bot asks why, and the chosen reason
 * (`report:<packId>:<reason>`) files the same report as `POST /api/packs/:id/reports`, one open report per
 * person and pack. A refusal (reported already, the pack gone) pops up on the button.
 */
export const reportPackFeature = new Composer<BotContext>();

reportPackFeature.callbackQuery(/^report:(\d{1,10})$/, async (ctx) => {
  const { db, now } = ctx.services;
  const pack = await getPackDetail(db, Number(ctx.match[1]), ctx.from.id, now());
  const reader = await readerOfContext(ctx);
  if (!pack) {
    await ctx.answerCallbackQuery({ text: errorTextIn(reader.language, MESSAGES.packNotFound), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t('report-why', { title: escapeHtml(pack.title) }), {
    parse_mode: 'HTML',
    reply_markup: reasonsKeyboard(reader, pack.id),
  });
});

reportPackFeature.callbackQuery(/^report:(\d{1,10}):(copyright|offensive|scam|other)$/, async (ctx) => {
  const { db, now } = ctx.services;
  const from = ctx.from;
  await rememberSender(db, from);
  const reader = await readerOfContext(ctx);
  const input = { packId: Number(ctx.match[1]), reason: ctx.match[2] as ReportReason, details: '' };
  // The same limit as reports from the app, counted from the reports themselves, so every bot process
  // shares it.
  const { max, windowMs } = ctx.services.reportLimit;
  if ((await reportsFiledSince(db, from.id, new Date(now().getTime() - windowMs))) >= max) {
    await ctx.answerCallbackQuery({ text: ctx.t('report-too-many'), show_alert: true });
    return;
  }
  try {
    await reportPack(db, { ...input, reporterId: from.id, now: now() });
  } catch (error) {
    const refusal = chatTextOf(error, reader);
    if (refusal === null) throw error;
    await ctx.answerCallbackQuery({ text: refusal, show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('report-filed') });
  // The question's buttons go: the report is filed. A question too old to edit keeps them, harmlessly.
  if (ctx.callbackQuery.message) await ctx.editMessageText(ctx.t('report-filed')).catch(() => undefined);
});
