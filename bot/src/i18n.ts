import { fileURLToPath } from 'node:url';
import { I18n } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import { storedLanguage, type Database } from '@stickerdrop/core';
import { standingOf } from './runtime/update-standing.js';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageOfTelegramCode, type Language } from '@stickerdrop/shared';

/** Where the Fluent catalogues live: one `<language>.ftl` per language the bot speaks. */
export const LOCALES_DIR = fileURLToPath(new URL('../locales', import.meta.url));

/** A text by key in one language, with its values (numbers already written for that language). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The bot's catalogues. Isolation marks (U+2068/U+2069 around each value) are off: the texts are HTML for
 * Telegram, where they would only be invisible noise, and SPEC's English texts must stay byte for byte.
 */
export const i18n = new I18n<Context & { services: { db: Database } }>({
  defaultLocale: DEFAULT_LANGUAGE,
  directory: LOCALES_DIR,
  fluentBundleOptions: { useIsolating: false },
  // A reply speaks the sender's stored language, else their Telegram app's, else English.
  localeNegotiator: (ctx) => settledLanguage(ctx),
});

/** One answer per update: `ctx.i18n.getLocale()` asks the negotiator again, and that is a database read. */
const settled = new WeakMap<object, Promise<Language>>();

function settledLanguage(ctx: Context & { services: { db: Database } }): Promise<Language> {
  let language = settled.get(ctx);
  if (!language) {
    language = ctx.from ? languageOfSender(ctx, ctx.from) : Promise.resolve(DEFAULT_LANGUAGE);
    settled.set(ctx, language);
  }
  return language;
}

async function languageOfSender(
  ctx: { services: { db: Database } },
  from: { id: number; language_code?: string },
): Promise<Language> {
  // Read with the update's standing as it arrived, when it was; else here.
  const known = standingOf(ctx);
  const stored = known ? known.language : await storedLanguage(ctx.services.db, from.id);
  return stored ?? languageOfTelegramCode(from.language_code) ?? DEFAULT_LANGUAGE;
}

/** The translator for one language: the outbox writes each message in its recipient's. */
export function translatorFor(language: Language): Translate {
  return (key, values) => i18n.t(language, key, values);
}

/** The recipient's stored language, else English: an outbox message has no Telegram update to ask. */
export async function recipientLanguage(db: Database, userId: number): Promise<Language> {
  return (await storedLanguage(db, userId)) ?? DEFAULT_LANGUAGE;
}

/** Every language the bot has a catalogue for, English first (the default for commands and the menu). */
export const BOT_LANGUAGES: readonly Language[] = LANGUAGES;

/** Whom an outbox message is for: it is written in the recipient's stored language, whoever caused it. */
export interface Reader {
  language: Language;
  t: Translate;
}

export async function readerOf(db: Database, userId: number): Promise<Reader> {
  const language = await recipientLanguage(db, userId);
  return { language, t: translatorFor(language) };
}

/** The reader of an update's replies: the sender, in the language the middleware settled on. */
export async function readerOfContext(ctx: { t: Translate; i18n: { getLocale(): Promise<string> } }): Promise<Reader> {
  const locale = await ctx.i18n.getLocale();
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  return { language, t: translatorFor(language) };
}
