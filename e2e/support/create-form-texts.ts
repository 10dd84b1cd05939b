import { readFileSync } from 'node:fs';
import {
  MAX_ANIMATION_SECONDS,
  MAX_EDITION_SIZE,
  MAX_ROYALTY_BPS,
  MAX_STICKERS_PER_PACK,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  TITLE_MAX_LENGTH,
} from '@stickerdrop/shared';

/** The create form's English catalogue, where its labels and help lines live (one copy, the app's). */
const english = JSON.parse(
  readFileSync(new URL('../../miniapp/src/features/create-pack/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The limits the help lines name, as English writes them. */
const LIMITS: Record<string, Record<string, string>> = {
  images: { max: String(MAX_STICKERS_PER_PACK), seconds: String(MAX_ANIMATION_SECONDS) },
  title: { max: String(TITLE_MAX_LENGTH) },
  price: { min: MIN_PRICE },
  maxSupply: { min: String(MIN_EDITION_SIZE), max: MAX_EDITION_SIZE.toLocaleString('en-US') },
  royaltyPercent: { max: String(MAX_ROYALTY_BPS / 100) },
};

/** Each field's label and help in English, its limits filled in: `{ images: { label, help }, … }`. */
export const CREATE_FORM_FIELDS_EN = Object.fromEntries(
  Object.keys(english)
    .filter((key) => key.endsWith('.help'))
    .map((key) => {
      const field = key.split('.')[1]!;
      const help = english[key]!.replace(/\{(\w+)\}/g, (_, name: string) => LIMITS[field]?.[name] ?? `{${name}}`);
      return [field, { label: english[`create-pack.${field}.label`]!, help }];
    }),
) as Record<string, { label: string; help: string }>;
