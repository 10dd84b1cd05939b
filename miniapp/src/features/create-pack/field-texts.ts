import {
  MAX_ANIMATION_SECONDS,
  MAX_EDITION_SIZE,
  MAX_ROYALTY_BPS,
  MAX_STICKERS_PER_PACK,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  TITLE_MAX_LENGTH,
  type Category,
} from '@stickerdrop/shared';
import type { Formats } from '../../i18n/format';
import type { MessageValues, Translate } from '../../i18n/translate';
import type { CreatePackKey } from './messages';

/** The create form's fields that carry a label and a help line below it. */
export const HELPED_FIELDS = [
  'images',
  'kind',
  'title',
  'description',
  'price',
  'maxSupply',
  'royaltyPercent',
  'maxPerUser',
  'dropsAt',
  'category',
  'tags',
] as const;
export type HelpedField = (typeof HELPED_FIELDS)[number];

const LABELS: Record<HelpedField, CreatePackKey> = {
  images: 'create-pack.images.label',
  kind: 'create-pack.kind.label',
  title: 'create-pack.title.label',
  description: 'create-pack.description.label',
  price: 'create-pack.price.label',
  maxSupply: 'create-pack.maxSupply.label',
  royaltyPercent: 'create-pack.royaltyPercent.label',
  maxPerUser: 'create-pack.maxPerUser.label',
  dropsAt: 'create-pack.dropsAt.label',
  category: 'create-pack.category.label',
  tags: 'create-pack.tags.label',
};

const HELPS: Record<HelpedField, CreatePackKey> = {
  images: 'create-pack.images.help',
  kind: 'create-pack.kind.help',
  title: 'create-pack.title.help',
  description: 'create-pack.description.help',
  price: 'create-pack.price.help',
  maxSupply: 'create-pack.maxSupply.help',
  royaltyPercent: 'create-pack.royaltyPercent.help',
  maxPerUser: 'create-pack.maxPerUser.help',
  dropsAt: 'create-pack.dropsAt.help',
  category: 'create-pack.category.help',
  tags: 'create-pack.tags.help',
};

const CATEGORY_LABELS: Record<Category, CreatePackKey> = {
  general: 'create-pack.category.general',
  animals: 'create-pack.category.animals',
  emotions: 'create-pack.category.emotions',
  food: 'create-pack.category.food',
  nature: 'create-pack.category.nature',
  objects: 'create-pack.category.objects',
  people: 'create-pack.category.people',
  symbols: 'create-pack.category.symbols',
};

/** A field's label: short enough for a phone's field header; the help says the rest. */
export const fieldLabel = (t: Translate<CreatePackKey>, field: HelpedField) => t(LABELS[field]);

/** A field's help, with the limits the API holds written in the reader's digits. */
export function fieldHelp(t: Translate<CreatePackKey>, format: Formats, field: HelpedField): string {
  const values: Partial<Record<HelpedField, MessageValues>> = {
    images: { max: format.number(MAX_STICKERS_PER_PACK), seconds: format.number(MAX_ANIMATION_SECONDS) },
    title: { max: format.number(TITLE_MAX_LENGTH) },
    price: { min: format.tonAmount(MIN_PRICE) },
    maxSupply: { min: format.number(MIN_EDITION_SIZE), max: format.number(MAX_EDITION_SIZE) },
    royaltyPercent: { max: format.number(MAX_ROYALTY_BPS / 100) },
  };
  return t(HELPS[field], values[field]);
}

export const categoryLabel = (t: Translate<CreatePackKey>, category: Category) => t(CATEGORY_LABELS[category]);
