import {
  API_ERRORS,
  CATEGORIES,
  DEFAULT_ROYALTY_BPS,
  MAX_ROYALTY_BPS,
  MESSAGES,
  RESALE_ERRORS,
  DEFAULT_CATEGORY,
  DEFAULT_EDITION_SIZE,
  DESCRIPTION_MAX_LENGTH,
  MAX_EDITION_SIZE,
  MIN_EDITION_SIZE,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX_LENGTH,
  controlCharactersIn,
  hasControlCharacters,
  parsePrice,
  parseTags,
  validateCreateForm,
  type Category,
} from '@stickerdrop/shared';
import { DomainError } from '../errors.js';
import { parseDropsAt, parseMaxPerUser } from './drop-fields.js';

/** The text part of a new pack, as a form or the bot's conversation hands it over. */
export interface PackFieldsInput {
  title: string;
  description?: string | undefined;
  price: string;
  category?: string | undefined;
  /** Comma-separated text (the form) or a list (the bot). */
  tags?: string | string[] | undefined;
  maxSupply?: number | string | undefined;
  /** The creator's royalty on resales, basis points 0–1000; empty means the default 500. */
  royaltyBps?: number | string | undefined;
  /** The most editions one collector may hold; empty means no limit. */
  maxPerUser?: number | string | null | undefined;
  /** A scheduled drop (ISO time, or a Date from the bot); empty means on sale at once. */
  dropsAt?: string | Date | null | undefined;
}

export interface PackFields {
  title: string;
  description: string;
  priceNano: bigint;
  category: Category;
  tags: string[];
  maxSupply: number;
  royaltyBps: number;
  maxPerUser: number | null;
  dropsAt: Date | null;
}

/** Counts characters as people do, so an emoji is one, not two UTF-16 units. */
const length = (text: string) => Array.from(text).length;

/**
 * The fields after the image rule: title, then price (SPEC §5, through the rule the mini-app shares),
 * then our own limits. The first failure is an invalid-input refusal with its message.
 */
export function validatePackFields(
  input: PackFieldsInput,
  image: { type: string; size: number },
  now: Date = new Date(),
): PackFields {
  const specFailure = validateCreateForm({ image, title: input.title ?? '', price: input.price ?? '' });
  if (specFailure)
    throw new DomainError(specFailure === MESSAGES.priceInvalid ? 'invalid_price' : 'invalid_input', specFailure);
  const title = input.title.trim();
  if (hasControlCharacters(title)) throw invalidField(controlCharactersIn('Title'));
  const priceNano = parsePrice(input.price)!;

  const category = input.category?.trim() || DEFAULT_CATEGORY;
  if (!(CATEGORIES as readonly string[]).includes(category)) throw invalidField(API_ERRORS.invalidCategory);
  if (length(title) > TITLE_MAX_LENGTH) throw invalidField(API_ERRORS.titleTooLong);
  const description = parseDescription(input.description);
  const tags = parseTagList(input.tags);
  const maxSupply = parseMaxSupply(input);
  return {
    title,
    description,
    priceNano,
    category: category as Category,
    tags,
    maxSupply,
    royaltyBps: parseRoyalty(input),
    maxPerUser: parseMaxPerUser(input.maxPerUser, maxSupply),
    dropsAt: parseDropsAt(input.dropsAt, now),
  };
}

/** A pack's description: trimmed, without control characters, within its length (also the studio's edit). */
export function parseDescription(value: string | undefined): string {
  const description = (value ?? '').trim();
  if (hasControlCharacters(description)) throw invalidField(controlCharactersIn('Description'));
  if (length(description) > DESCRIPTION_MAX_LENGTH) throw invalidField(API_ERRORS.descriptionTooLong);
  return description;
}

/** A pack's tags from comma-separated text or a list: trimmed, unique, within their limits. */
export function parseTagList(value: string | string[] | undefined): string[] {
  const tags = parseTags(Array.isArray(value) ? value.join(',') : (value ?? ''));
  if (tags.length > TAGS_MAX) throw invalidField(API_ERRORS.tooManyTags);
  if (tags.some((tag) => length(tag) > TAG_MAX_LENGTH)) throw invalidField(API_ERRORS.tagTooLong);
  if (tags.some(hasControlCharacters)) throw invalidField(controlCharactersIn('Tags'));
  return tags;
}

function parseRoyalty({ royaltyBps }: PackFieldsInput): number {
  const text = String(royaltyBps ?? '').trim();
  if (text === '') return DEFAULT_ROYALTY_BPS;
  const value = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= MAX_ROYALTY_BPS)) throw invalidField(RESALE_ERRORS.invalidRoyalty);
  return value;
}

function parseMaxSupply({ maxSupply }: PackFieldsInput): number {
  const text = String(maxSupply ?? '').trim();
  if (text === '') return DEFAULT_EDITION_SIZE;
  const value = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(value >= MIN_EDITION_SIZE && value <= MAX_EDITION_SIZE)) throw invalidField(API_ERRORS.invalidMaxSupply);
  return value;
}

const invalidField = (message: string) => new DomainError('invalid_input', message);
