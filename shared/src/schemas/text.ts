import { z } from 'zod';
import { controlCharactersIn } from '../messages.js';

/**
 * Control characters other than tab, line feed and carriage return: no person types them, and Postgres
 * refuses NUL in text outright (a failed query, not a refusal). Lone surrogates are not here: drivers send
 * them as U+FFFD.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Direction overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what follows,
 * so a title or a name can read as another ("txt.exe" shown as "exe.txt").
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/**
 * Zero-width characters (U+200B–U+200D, U+2060, U+FEFF) and the emoji variation selector U+FE0F: invisible,
 * so two different texts look alike. The joiner and the selector are part of many emoji (a family, a
 * rainbow flag, the red heart U+2764 U+FE0F), so they are looked for only in what is left once every whole emoji is taken out.
 */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]|\uFE0F/;

/** Every emoji Unicode recommends, a sequence with its joiners counting as one; built at run time (flag `v`). */
const EMOJI_SEQUENCE = new RegExp('\\p{RGI_Emoji}', 'gv');

/** Whether `text` holds a control, direction-override or invisible character (emoji keep theirs). */
export function hasControlCharacters(text: string): boolean {
  if (CONTROL_CHARACTER.test(text) || BIDI_CONTROL.test(text)) return true;
  return INVISIBLE.test(text) && INVISIBLE.test(text.replace(EMOJI_SEQUENCE, ''));
}

/**
 * The one rule for every free-text field a client sends (search, display name, bio, title, description,
 * tags, sticker keywords…): any string without control, direction-override or invisible characters
 * (hasControlCharacters), refused with `<field> must not contain control characters`.
 */
export const freeText = (field: string) =>
  z.string().refine((text) => !hasControlCharacters(text), controlCharactersIn(field));
