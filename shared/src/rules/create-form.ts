import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_STICKER_EXTENSIONS,
  ACCEPTED_STICKER_TYPES,
  MAX_PRICE,
  MAX_UPLOAD_BYTES,
  MIN_PRICE,
} from '../constants.js';
import { MESSAGES } from '../messages.js';
import { decimalPlaces, parseTon } from '../money.js';

export interface CreateFormInput {
  image: { type: string; size: number } | null | undefined;
  title: string;
  price: string;
}

const MIN_PRICE_NANO = parseTon(MIN_PRICE)!;
const MAX_PRICE_NANO = parseTon(MAX_PRICE)!;

/** The first failing rule of SPEC §5, in SPEC's order, or null when the form may be sent. */
export function validateCreateForm(input: CreateFormInput): string | null {
  if (!input.image) return MESSAGES.imageRequired;
  if (!input.title.trim()) return MESSAGES.titleRequired;
  if (parsePrice(input.price) === null) return MESSAGES.priceInvalid;
  return null;
}

/** Nanotons for a price of at least 0.01 TON in steps of 0.01, else null. */
export function parsePrice(text: string): bigint | null {
  const nano = parseTon(text);
  if (nano === null || nano < MIN_PRICE_NANO || decimalPlaces(text) > 2) return null;
  return nano > MAX_PRICE_NANO ? null : nano;
}

/** SPEC §5: the chosen file must be an image and at most 5 MB. Returns the message, or null. */
export function validateImageFile(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.imageRequired;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/**
 * A file for a sticker: an image, a GIF, MP4 or WEBM animation or a TGS, by its type or, for
 * a TGS that a browser gives no type, its name; at most 5 MB. Returns the message, or null.
 */
export function validateStickerFile(file: { name: string; type: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  const known =
    (ACCEPTED_STICKER_TYPES as readonly string[]).includes(file.type) ||
    ACCEPTED_STICKER_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!known) return MESSAGES.imageRequired;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/** "a, b ,,c" → ["a", "b", "c"]: trimmed, de-duplicated, empty ones dropped. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)];
}
