import { sql, type SQL } from 'drizzle-orm';
import { packs } from '../db/schema.js';

/** At most this many words of a search are looked up; more only narrows what is already narrow. */
const MAX_WORDS = 8;
/** Shorter searches have too few trigrams to say anything about a typo. */
const MIN_FUZZY_LENGTH = 4;

/**
 * A search as the list statement's parameters. `pattern`: the text as a LIKE substring (SPEC's rule for
 * the title, the description and the creator); `words`, `titleWords`, `taggedWords`: each word as a prefix
 * in Postgres' text search (any field, the title's weight A, the tags' and keywords' B), '' when the search
 * has no word; `emoji`: its emoji without U+FE0F; `fuzzy`: the text for trigram similarity ('' if short).
 */
export interface SearchParams {
  pattern: string;
  words: string;
  titleWords: string;
  taggedWords: string;
  emoji: string[];
  fuzzy: string;
}

/** `%`, `_` and `\` are LIKE wildcards; a search for "50%" means the text "50%". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** The emoji of a text, each a whole grapheme (skin tones, joined families, flags), without U+FE0F. */
export function emojiOf(text: string): string[] {
  const segments = new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text);
  const emoji = [...segments].map((s) => s.segment).filter((s) => PICTOGRAPHIC.test(s));
  return [...new Set(emoji.map((e) => e.replace(/\uFE0F/g, '')))];
}

/** A word this long or longer is also found as the start of a longer one ("cat" finds "cats"). */
const MIN_PREFIX_LENGTH = 3;

/**
 * A tsquery of every word (a prefix when long enough), restricted to `weights` when given; the words hold
 * only letters and digits, so nothing in them is tsquery syntax.
 */
function prefixQuery(words: readonly string[], weights = ''): string {
  const term = (word: string) => (word.length >= MIN_PREFIX_LENGTH ? `${word}:*${weights}` : `${word}:${weights}`);
  return words.map(term).join(' & ');
}

export function searchParams(search: string): SearchParams {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  const trimmed = search.trim().toLowerCase();
  return {
    pattern: likePattern(search),
    words: prefixQuery(words),
    titleWords: prefixQuery(words, 'A'),
    taggedWords: prefixQuery(words, 'B'),
    emoji: emojiOf(search),
    fuzzy: trimmed.length >= MIN_FUZZY_LENGTH ? trimmed : '',
  };
}

const param = (name: keyof SearchParams) => sql.placeholder(name);
const matchesWords = (name: 'words' | 'titleWords' | 'taggedWords') =>
  sql`(${param(name)}::text <> '' and ${packs.searchVector} @@ to_tsquery('simple', ${param(name)}::text))`;
const titleLike = sql`${packs.title} ilike ${param('pattern')}`;
const otherLike = sql`(${packs.description} ilike ${param('pattern')}
    or ${packs.creatorId} = any(array(select su.id from users su where su.username ilike ${param('pattern')})))`;
const emojiMatch = sql`${packs.stickerEmoji} && ${param('emoji')}::text[]`;
const fuzzyTitle = sql`(${param('fuzzy')}::text <> '' and ${param('fuzzy')}::text <% ${packs.title})`;

/**
 * Whether a pack answers the search: SPEC's substrings, a word of its title, tags, description or stickers'
 * keywords (as a prefix: "cat" finds "cats"), one of its stickers' emoji, or its title through a typo.
 */
export const searchCondition: SQL = sql`(${titleLike} or ${otherLike} or ${matchesWords('words')}
  or ${emojiMatch} or ${fuzzyTitle})`;

/**
 * How well a found pack answers, for the `relevance` sort: 3 its title, 2 its tags, a sticker's keyword or
 * emoji, 1 its description or creator, 0 a title near the words (a typo).
 */
export const relevanceSql: SQL<number> = sql<number>`(case
  when ${titleLike} or ${matchesWords('titleWords')} then 3
  when ${matchesWords('taggedWords')} or ${emojiMatch} then 2
  when ${otherLike} or ${matchesWords('words')} then 1
  else 0 end)`;
