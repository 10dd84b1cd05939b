import {
  DEFAULT_STICKER_EMOJI,
  MAX_EMOJI_PER_STICKER,
  MAX_KEYWORDS_LENGTH,
  MAX_KEYWORDS_PER_STICKER,
  PACK_KINDS,
  type PackKind,
} from '../constants.js';

/**
 * One emoji as Unicode defines it (a flag, a family, a skin tone, a keycap count as one). Built at run
 * time: the `v` flag is newer than the TypeScript target, and every browser and Node we run has it.
 */
const ONE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

export const isEmoji = (text: string) => ONE_EMOJI.test(text);

/**
 * The emoji of a typed text, one per grapheme (a flag or a skin-toned emoji is one), spaces ignored: a cat
 * face, a space and a party popper give two. Null when anything else is in it, so "cat" beside an emoji is
 * not taken for one.
 */
export function splitEmoji(text: string): string[] | null {
  const segments = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)]
    .map(({ segment }) => segment)
    .filter((segment) => segment.trim() !== '');
  return segments.every(isEmoji) ? segments : null;
}

/** A JSON text (the form) or the value itself (the bot); undefined when absent. */
type Listed = string | unknown[] | undefined;

function parseLists(value: Listed, count: number): unknown[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return Array.isArray(list) && list.length === count && list.every(Array.isArray) ? (list as unknown[]) : null;
}

/**
 * The emoji of each sticker, in file order: one list of 1–20 emoji per file. Absent: every sticker gets
 * DEFAULT_STICKER_EMOJI. Null when malformed (the caller's 400).
 */
export function parseStickerEmoji(value: Listed, count: number): string[][] | null {
  if (value === undefined || value === '') return Array.from({ length: count }, () => [DEFAULT_STICKER_EMOJI]);
  const lists = parseLists(value, count) as unknown[][] | null;
  if (!lists) return null;
  const valid = lists.every(
    (list) =>
      list.length >= 1 &&
      list.length <= MAX_EMOJI_PER_STICKER &&
      list.every((emoji) => typeof emoji === 'string' && isEmoji(emoji)),
  );
  return valid ? (lists as string[][]).map((list) => [...new Set(list)]) : null;
}

/**
 * The search keywords of each sticker, in file order: at most 20, of 64 characters together (Telegram's
 * rule), trimmed and without empty ones. Absent: none. Null when malformed.
 */
export function parseStickerKeywords(value: Listed, count: number): string[][] | null {
  if (value === undefined || value === '') return Array.from({ length: count }, () => []);
  const lists = parseLists(value, count) as unknown[][] | null;
  if (!lists || !lists.every((list) => list.every((word) => typeof word === 'string'))) return null;
  const cleaned = (lists as string[][]).map((list) => [...new Set(list.map((word) => word.trim()).filter(Boolean))]);
  const fits = (list: string[]) =>
    list.length <= MAX_KEYWORDS_PER_STICKER &&
    list.reduce((sum, word) => sum + Array.from(word).length, 0) <= MAX_KEYWORDS_LENGTH;
  return cleaned.every(fits) ? cleaned : null;
}

/** `stickers` (absent or empty) or `emoji`; null for anything else. */
export function parsePackKind(value: string | undefined): PackKind | null {
  const text = (value ?? '').trim();
  if (text === '') return 'stickers';
  return (PACK_KINDS as readonly string[]).includes(text) ? (text as PackKind) : null;
}
