import {
  ACCESS_TOKEN_TTL_S,
  formatDropTime,
  groupThousands,
  tonAmountIn,
  type CATEGORIES,
  type Language,
} from '@stickerdrop/shared';
import type { ResalePayload, SignInVia } from '@stickerdrop/core';
import type { Reader } from '../i18n.js';

/**
 * The bot's texts that are put together from several catalogue entries (bot/locales/*.ftl) or carry
 * values that read differently per language (times, counts). Single texts are asked for by key where
 * they are sent. Texts are HTML (parse_mode HTML): anything user-made goes through `escapeHtml`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A moment for the chat, always in UTC (the bot cannot know the reader's zone): SPEC's "2026-12-01 18:00 UTC"
 * in English, "1 декабря 2026 г., 18:00 UTC" in Russian.
 */
export function timeIn(language: Language, at: Date | string, precision: 'minute' | 'second' = 'second'): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  // Seconds show in English only where SPEC's format has them (a drop set to the second); offers drop them.
  if (language === 'en')
    return formatDropTime(precision === 'minute' ? new Date(date.getTime() - (date.getTime() % 60_000)) : date);
  const written = new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(date);
  return `${written} UTC`;
}

/** A whole number in the reader's digits: "10000" stays as SPEC writes it in English, "10 000" in Russian. */
export function countIn(language: Language, value: number): string {
  return language === 'en' ? String(value) : groupThousands(value).replace(/,/g, '\u00a0');
}

/** `/start login_<code>`: what is about to happen, when the code was made, and the number to tap. */
export function loginAsk({ t, language }: Reader, madeAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - madeAt.getTime()) / 60_000));
  return t('login-ask', { started: timeIn(language, madeAt), ago: t('ago-minutes', { minutes }) });
}

/** `/sessions`: each session with how it signed in and when, and how many more the app lists. */
export function sessionsList(
  { t, language }: Reader,
  sessions: ReadonlyArray<{ via: SignInVia | null; signedInAt: Date; lastUsedAt: Date }>,
  total: number,
): string {
  const lines = sessions.map((session, index) => {
    const via = t(`sign-in-via-${session.via ?? 'unknown'}`);
    const times = t('session-times', {
      signedIn: timeIn(language, session.signedInAt),
      lastUsed: timeIn(language, session.lastUsedAt),
    });
    // The times sit indented under their session's name, a list within the list.
    return `${index + 1}. ${via}\n    ${times}`;
  });
  return [
    t('sessions-title', { total }),
    '',
    ...lines,
    ...(total > sessions.length ? [t('sessions-more', { count: total - sessions.length })] : []),
    '',
    t('sessions-footer', { minutes: ACCESS_TOKEN_TTL_S / 60 }),
  ].join('\n');
}

/** The keys `sign-in-via-*` (one per way in), for the catalogue test. */
export const SIGN_IN_VIA_KEYS = (['telegram', 'bot', 'demo', 'unknown'] satisfies Array<SignInVia | 'unknown'>).map(
  (via) => `sign-in-via-${via}`,
);

export type Category = (typeof CATEGORIES)[number];
export const categoryLabel = ({ t }: Reader, category: Category | string) => t(`category-${category}`);

export interface PackSummaryFields {
  images: number;
  title: string;
  description: string;
  price: string;
  category: string;
  maxSupply: number;
  royaltyBps: number;
  maxPerUser: number | null;
  dropsAt: string | null;
}

/** /newpack's summary before the creator confirms. */
export function packSummary(reader: Reader, pack: PackSummaryFields): string {
  const { t, language } = reader;
  return t('pack-summary', {
    title: escapeHtml(pack.title),
    description: pack.description ? escapeHtml(pack.description) : '—',
    images: String(pack.images),
    price: tonAmountIn(language, pack.price),
    category: categoryLabel(reader, pack.category),
    maxSupply: countIn(language, pack.maxSupply),
    royalty: String(pack.royaltyBps / 100).replace('.', language === 'en' ? '.' : ','),
    maxPerUser: pack.maxPerUser === null ? t('no-limit') : countIn(language, pack.maxPerUser),
    drop: pack.dropsAt ? timeIn(language, pack.dropsAt) : t('on-sale-at-once'),
  });
}

/** What the resale messages read of the outbox's payload. */
export type ResaleText = Pick<
  ResalePayload,
  'title' | 'serial' | 'maxSupply' | 'price' | 'sellerShare' | 'royalty' | 'fee' | 'orderId'
>;
