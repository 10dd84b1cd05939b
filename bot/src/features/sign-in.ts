import { Composer, InlineKeyboard } from 'grammy';
import { answerLoginCode, listSessions, openLoginCode, revokeSession } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { readerOfContext } from '../i18n.js';
import { loginAsk, sessionsList } from '../views/texts.js';

/**
 * Signing a browser in, and seeing and ending sessions, from the chat.
 *
 * `/start login_<code>` (welcome.ts) never signs anyone in by itself: `askLogin` says what is about to happen
 * and when the code was made, and offers three numbers; the one the sign-in page shows confirms the code
 * (`login:<codeId>:<number>`), any other cancels it. The code was bound to the Telegram user who opened it, so
 * only their tap counts, whatever the callback data says.
 *
 * `/sessions` lists the user's sessions with a Sign out button each (`session:out:<familyId>`): the same
 * core services as `GET` and `DELETE /api/auth/sessions`.
 *
 * The buttons are handled before conversations, so they work in the middle of /newpack too.
 */
export const signInFeature = new Composer<BotContext>();

export async function askLogin(ctx: BotContext, code: string): Promise<void> {
  const from = ctx.from!;
  const { db, now } = ctx.services;
  const opened = await openLoginCode(
    db,
    code,
    {
      id: from.id,
      first_name: from.first_name,
      last_name: from.last_name,
      username: from.username,
      language_code: from.language_code,
    },
    now(),
  );
  if (opened.status !== 'ask') {
    await ctx.reply(ctx.t('login-expired'), { parse_mode: 'HTML' });
    return;
  }
  const keyboard = new InlineKeyboard();
  for (const choice of opened.choices) keyboard.text(choice, `login:${opened.id}:${choice}`);
  const text = loginAsk(await readerOfContext(ctx), opened.createdAt, now());
  await ctx.reply(text, { parse_mode: 'HTML', reply_markup: keyboard });
}

signInFeature.callbackQuery(/^login:(\d{1,18}):(\d{2})$/, async (ctx) => {
  const answer = await answerLoginCode(ctx.services.db, {
    codeId: Number(ctx.match[1]),
    telegramUserId: ctx.from.id,
    choice: ctx.match[2]!,
    now: ctx.services.now(),
  });
  if (answer === 'expired') {
    await ctx.answerCallbackQuery({ text: ctx.t('login-expired'), show_alert: true });
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
    return;
  }
  const confirmed = answer === 'confirmed';
  await ctx.answerCallbackQuery({ text: ctx.t(confirmed ? 'login-signed-in' : 'login-cancelled-short') });
  // The question and its buttons give way to the outcome, so no number can be tapped again.
  await ctx.editMessageText(ctx.t(confirmed ? 'login-confirmed' : 'login-cancelled'), { parse_mode: 'HTML' });
});

signInFeature.chatType('private').command('sessions', (ctx) => replySessions(ctx));

signInFeature.callbackQuery(/^session:out:([0-9a-f-]{36})$/, async (ctx) => {
  const { db, now } = ctx.services;
  const signedOut = await revokeSession(db, ctx.from.id, ctx.match[1]!, now());
  await ctx.answerCallbackQuery({ text: ctx.t(signedOut ? 'session-signed-out' : 'session-gone') });
  // The list as it is now, in place of the old one.
  const { text, keyboard } = await sessionsMessage(ctx, ctx.from.id);
  await ctx.editMessageText(text, { parse_mode: 'HTML', reply_markup: keyboard }).catch(() => undefined);
});

async function replySessions(ctx: BotContext): Promise<void> {
  const { text, keyboard } = await sessionsMessage(ctx, ctx.from!.id);
  await ctx.reply(text, { parse_mode: 'HTML', reply_markup: keyboard });
}

/** The most sessions one message lists (Telegram's 4,096 characters); the profile in the app lists them all. */
const SESSIONS_SHOWN = 20;

async function sessionsMessage(ctx: BotContext, userId: number): Promise<{ text: string; keyboard?: InlineKeyboard }> {
  const sessions = await listSessions(ctx.services.db, userId, ctx.services.now());
  if (sessions.length === 0) return { text: ctx.t('sessions-none') };
  const shown = sessions.slice(0, SESSIONS_SHOWN);
  const keyboard = new InlineKeyboard();
  shown.forEach((session, index) =>
    keyboard.text(ctx.t('sign-out-button', { index: index + 1 }), `session:out:${session.id}`).row(),
  );
  return { text: sessionsList(await readerOfContext(ctx), shown, sessions.length), keyboard };
}
