import { z } from 'zod';
import { controlCharactersIn } from '../messages.js';

/**
 * Control characters other than tab, line feed and carriage return: no person types them, and Postgres
 * refuses NUL in text outright (a failed query, not a refusal). Lone surrogates are not here: drivers send
 * them as U+FFFD.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The one rule for every free-text field a client sends (search, display name, bio, title, description,
 * tags…): any string without control characters, refused with `<field> must not contain control characters`.
 */
export const freeText = (field: string) =>
  z.string().refine((text) => !hasControlCharacters(text), controlCharactersIn(field));
