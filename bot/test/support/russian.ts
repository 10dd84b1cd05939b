import { expect } from 'vitest';
import type { Api } from 'grammy';
import { telegramUser } from './updates.js';

/** A Telegram user whose app is in Russian. */
export const russianUser = (id: number, firstName = 'Иван') => ({
  ...telegramUser(id, firstName, `ivan${id}`),
  language_code: 'ru',
});

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
}

/** Every Bot API call the bot makes, recorded on its way out (grammY's transformer), then sent on. */
export function recordCalls(api: Api): RecordedCall[] {
  const calls: RecordedCall[] = [];
  api.config.use((prev, method, payload, signal) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    return prev(method, payload, signal);
  });
  return calls;
}

type Button = { text?: string };
const buttonTexts = (markup: unknown): string[] =>
  ((markup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard ?? []).flat().map((b) => b.text ?? '');

/** What a person reads of a call: its text or caption, alert, buttons, menu button and inline results. */
export function visibleTexts(call: RecordedCall): string[] {
  const p = call.payload;
  const results = (p.results as Array<Record<string, unknown>> | undefined) ?? [];
  return [
    p.text,
    p.caption,
    p.error_message,
    (p.menu_button as { text?: string } | undefined)?.text,
    ...buttonTexts(p.reply_markup),
    ...results.flatMap((r) => [
      r.title,
      r.description,
      (r.input_message_content as { message_text?: string } | undefined)?.message_text,
      ...buttonTexts(r.reply_markup),
    ]),
  ].filter((text): text is string => typeof text === 'string' && text !== '');
}

/** Latin words a Russian text may hold: names of things, formats, and what users typed (test fixtures' titles). */
const ALLOWED_LATIN = new Set([
  'Stickerdrop',
  'TON',
  'Telegram',
  'UTC',
  'PNG',
  'JPEG',
  'WEBP',
  'GIF',
  'MP4',
  'tgs',
  'webm',
]);

/** The English words left in a text once tags, <code> (order numbers), links, commands, @names and `allowed` (user content) are taken out. */
export function englishWordsIn(text: string, allowed: readonly string[] = []): string[] {
  let rest = text
    .replace(/<code>[^<]*<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[/@][A-Za-z0-9_]+/g, ' ');
  for (const phrase of allowed) rest = rest.split(phrase).join(' ');
  return (rest.match(/[A-Za-z][A-Za-z0-9]+/g) ?? []).filter((word) => !ALLOWED_LATIN.has(word));
}

/** Every text the calls show is Russian: some Cyrillic, and no English word outside `allowed`. */
export function expectAllRussian(calls: readonly RecordedCall[], allowed: readonly string[] = []): void {
  const texts = calls.flatMap(visibleTexts);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(englishWordsIn(text, allowed), text).toEqual([]);
    expect(text, 'has Russian words').toMatch(/[А-Яа-яЁё]|^[\d\s№#.,:·]+$/);
  }
}
