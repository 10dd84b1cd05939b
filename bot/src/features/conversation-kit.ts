import type { Conversation } from '@grammyjs/conversations';
import type { InlineKeyboard } from 'grammy';
import type { Message } from 'grammy/types';
import type { BotContext, ConversationContext } from '../context.js';
import { DEFAULT_LANGUAGE, isLanguage } from '@stickerdrop/shared';
import { translatorFor, type Reader } from '../i18n.js';
import { escapeHtml } from '../views/texts.js';

export type BotConversation = Conversation<BotContext, ConversationContext>;
export type MessageContext = ConversationContext & { message: Message };

/** A conversation step waits this long at most; an abandoned one ends and the chat is free again. */
export const STEP_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** Where a conversation is: its replay-safe handle, the context it began with, and whom it speaks to. */
export interface Step {
  conversation: BotConversation;
  ctx: ConversationContext;
  reader: Reader;
}

/**
 * The conversation's reader, settled once as it starts (replayed, not asked again): the language the i18n
 * middleware chose outside for the update that began it.
 */
export async function beginStep(conversation: BotConversation, ctx: ConversationContext): Promise<Step> {
  const locale = await conversation.external((outside) => outside.i18n.getLocale());
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  return { conversation, ctx, reader: { language, t: translatorFor(language) } };
}

/** `/done` → "done"; `/start@bot x` → "start"; null for anything that is not a command. */
export function commandOf(message: Message): string | null {
  const text = message.text ?? '';
  const entity = message.entities?.[0];
  if (entity?.type !== 'bot_command' || entity.offset !== 0) return null;
  return text.slice(1, entity.length).split('@')[0]!.toLowerCase();
}

/**
 * The next message in the chat. A command other than `allowed` leaves the conversation and is handled
 * as usual (`/start` mid-way starts over, `/help` helps); other updates (a stale button) go past the
 * conversation to the rest of the bot.
 */
export async function waitForMessage(
  conversation: BotConversation,
  allowed: readonly string[] = [],
): Promise<MessageContext> {
  const ctx = await conversation.wait({ maxMilliseconds: STEP_TIMEOUT_MS });
  if (!ctx.message) return conversation.skip({ next: true });
  const command = commandOf(ctx.message);
  if (command !== null && !allowed.includes(command)) return conversation.halt({ next: true });
  return ctx as MessageContext;
}

export interface AskTextOptions {
  /** The first failing rule's message, or null when the text is fine. */
  validate: (text: string) => string | null;
  /** `/skip` answers with an empty string. */
  skippable?: boolean;
}

/** Asks for text until it passes `validate`; bad input gets its message and the question again. */
export async function askText(
  { conversation, ctx, reader }: Step,
  question: string,
  options: AskTextOptions,
): Promise<string> {
  await ctx.reply(question, { parse_mode: 'HTML' });
  for (;;) {
    const reply = await waitForMessage(conversation, options.skippable ? ['skip'] : []);
    if (commandOf(reply.message) === 'skip') return '';
    const text = reply.message.text;
    const problem = text === undefined ? reader.t('text-expected') : options.validate(text);
    if (problem === null) return text!.trim();
    await reply.reply(`${escapeHtml(problem)}\n\n${question}`, { parse_mode: 'HTML' });
  }
}

/**
 * Shows `keyboard` and waits for one of its buttons (callback data `<prefix>:<value>`). Typed messages
 * get `reminder`; a button of another, older message is answered and ignored.
 */
export async function askButton(
  { conversation, ctx, reader }: Step,
  question: string,
  keyboard: InlineKeyboard,
  prefix: string,
  reminder: string = reader.t('press-a-button'),
): Promise<{ value: string; ctx: ConversationContext }> {
  const asked = await ctx.reply(question, { parse_mode: 'HTML', reply_markup: keyboard });
  for (;;) {
    const next = await conversation.wait({ maxMilliseconds: STEP_TIMEOUT_MS });
    const query = next.callbackQuery;
    if (query?.data?.startsWith(`${prefix}:`) && query.message?.message_id === asked.message_id) {
      await next.answerCallbackQuery();
      // The question's buttons go, so an old choice cannot be pressed again.
      await next.editMessageReplyMarkup({ reply_markup: undefined });
      return { value: query.data.slice(prefix.length + 1), ctx: next };
    }
    if (query) {
      await next.answerCallbackQuery({ text: reader.t('stale-button') });
      continue;
    }
    if (!next.message) return conversation.skip({ next: true });
    if (commandOf(next.message) !== null) return conversation.halt({ next: true });
    await next.reply(reminder);
  }
}
