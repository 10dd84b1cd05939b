import {
  MAX_ANIMATION_SECONDS,
  MAX_EDITION_SIZE,
  MAX_STICKERS_PER_PACK,
  MIN_EDITION_SIZE,
  TITLE_MAX_LENGTH,
} from './constants.js';
import { groupThousands } from './money.js';
import { MAX_ROYALTY_BPS } from './resale.js';

/**
 * The create form's fields: a label short enough for a phone's field header, and the help shown below it
 * (issue 20.11: long labels were cut off, "Most editions per collecto…"). A module of its own, beside
 * messages.ts: messages.ts loads with Home, and these only with the create form.
 */
export const CREATE_FORM_FIELDS = {
  images: {
    label: 'Stickers',
    help: `Up to ${MAX_STICKERS_PER_PACK} files, 5 MB each: PNG, JPG, WEBP, GIF, MP4, WEBM (${MAX_ANIMATION_SECONDS} s at most) or TGS. The first is the cover.`,
  },
  kind: { label: 'Pack kind', help: 'Custom emoji are drawn at 100×100 px and used inside messages.' },
  title: { label: 'Title', help: `Shown on the card and in Telegram, up to ${TITLE_MAX_LENGTH} characters.` },
  description: { label: 'Description', help: "Optional: shown on the pack's page, below its stickers." },
  price: { label: 'Price (TON)', help: 'What one new edition costs, from 0.01 TON.' },
  maxSupply: {
    label: 'Edition size',
    help: `How many numbered editions there will ever be, ${MIN_EDITION_SIZE} to ${groupThousands(MAX_EDITION_SIZE)}.`,
  },
  royaltyPercent: {
    label: 'Resale royalty (%)',
    help: `Your share of every resale of an edition, from 0 to ${MAX_ROYALTY_BPS / 100}%.`,
  },
  maxPerUser: {
    label: 'Per-collector limit',
    help: 'The most editions one collector may buy. Leave empty for no limit.',
  },
  dropsAt: {
    label: 'Drop time',
    help: 'Optional, in your local time: Buy opens then, and collectors can ask to be notified.',
  },
  category: { label: 'Category', help: 'Where the pack is listed in the marketplace.' },
  tags: { label: 'Tags', help: 'Words people search for, separated by commas.' },
} as const;
