/** The languages the app, the bot and the API speak; English is SPEC's and the fallback. */
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Telegram language codes answered in Russian. Ukrainian, Belarusian and Kazakh Telegram users have, in the
 * great majority, read Russian since school, and the Telegram sticker and gift markets they trade in speak
 * Russian; English is a second language to far fewer of them. We do not speak their own languages yet, so
 * Russian is the nearer of the two we have; anyone can switch to English in the profile.
 */
const RUSSIAN_READERS = new Set(['ru', 'uk', 'be', 'kk']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language for a Telegram `language_code` (an IETF tag such as `ru` or `uk-UA`), or null when none came. */
export function languageOfTelegramCode(code: string | null | undefined): Language | null {
  if (!code) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!primary) return null;
  return RUSSIAN_READERS.has(primary) ? 'ru' : 'en';
}

/**
 * The language an `Accept-Language` header asks for: its tags in order of q-value (ties keep their order), the
 * first that is Russian or English wins; null when none of them is, or the header is absent.
 */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'ru' || primary === 'en') return primary;
  }
  return null;
}
