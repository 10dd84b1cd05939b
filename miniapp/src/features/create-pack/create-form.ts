import {
  API_ERRORS,
  DEFAULT_CATEGORY,
  DEFAULT_EDITION_SIZE,
  DEFAULT_ROYALTY_BPS,
  DEFAULT_STICKER_EMOJI,
  DROP_ERRORS,
  dropsAtIso,
  MAX_EMOJI_PER_STICKER,
  royaltyBpsOfPercent,
  RESALE_ERRORS,
  MAX_EDITION_SIZE,
  MIN_EDITION_SIZE,
  splitEmoji,
  validateCreateForm,
  validateStickerFile,
  type Category,
  type PackKind,
} from '@stickerdrop/shared';

export interface CreateFormValues {
  /** The stickers in pack order; the first is the cover. */
  images: File[];
  /** The emoji typed for each file, in the same order (pre-filled with the pack's default). */
  stickerEmoji: string[];
  /** A sticker pack, or a custom emoji pack (100×100). */
  kind: PackKind;
  title: string;
  description: string;
  price: string;
  category: Category;
  tags: string;
  maxSupply: string;
  /** The creator's royalty on resales, in percent (0–10); sent as basis points. */
  royaltyPercent: string;
  /** Fair drops: the most editions one collector may hold; empty for no limit. */
  maxPerUser: string;
  /** Fair drops: when buying opens, as a datetime-local value (the device's time zone); empty for at once. */
  dropsAt: string;
}

export const EMPTY_CREATE_FORM: CreateFormValues = {
  images: [],
  stickerEmoji: [],
  kind: 'stickers',
  title: '',
  description: '',
  price: '',
  category: DEFAULT_CATEGORY,
  tags: '',
  maxSupply: String(DEFAULT_EDITION_SIZE),
  royaltyPercent: String(DEFAULT_ROYALTY_BPS / 100),
  maxPerUser: '',
  dropsAt: '',
};

export const royaltyBpsOf = royaltyBpsOfPercent;

/** SPEC §5 in its order (image, title, price), then every chosen file, then our edition-size rule. */
export function firstCreateFormError(values: CreateFormValues): string | null {
  const specError = validateCreateForm({ image: values.images[0], title: values.title, price: values.price });
  if (specError) return specError;
  for (const image of values.images) {
    const fileError = validateStickerFile(image);
    if (fileError) return fileError;
  }
  if (values.images.some((_, i) => emojiOf(values.stickerEmoji[i]) === null)) return API_ERRORS.stickerEmojiInvalid;
  const text = values.maxSupply.trim();
  const size = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(size >= MIN_EDITION_SIZE && size <= MAX_EDITION_SIZE)) return API_ERRORS.invalidMaxSupply;
  if (royaltyBpsOf(values.royaltyPercent) === null) return RESALE_ERRORS.invalidRoyalty;
  const cap = values.maxPerUser.trim();
  if (cap !== '' && !(/^\d{1,6}$/.test(cap) && Number(cap) >= 1 && Number(cap) <= size)) {
    return DROP_ERRORS.invalidMaxPerUser;
  }
  if (values.dropsAt !== '' && !(dropsAtIso(values.dropsAt) && Date.parse(values.dropsAt) > Date.now())) {
    return DROP_ERRORS.invalidDropsAt;
  }
  return null;
}

export { dropsAtIso };

/** The emoji typed for one sticker (none typed yet: the default), or null when that is not 1–20 emoji. */
export function emojiOf(text: string | undefined): string[] | null {
  if (text === undefined) return [DEFAULT_STICKER_EMOJI];
  const emoji = splitEmoji(text);
  return emoji && emoji.length >= 1 && emoji.length <= MAX_EMOJI_PER_STICKER ? emoji : null;
}

export const DEFAULT_EMOJI_TEXT = DEFAULT_STICKER_EMOJI;

/** The multipart body of POST /api/stickers: one `image` part per file, and their emoji in the same order. */
export function createFormData(values: CreateFormValues): FormData {
  const body = new FormData();
  body.append('title', values.title.trim());
  body.append('description', values.description.trim());
  body.append('price', values.price.trim());
  body.append('category', values.category);
  body.append('tags', values.tags);
  body.append('maxSupply', values.maxSupply.trim());
  body.append('royaltyBps', String(royaltyBpsOf(values.royaltyPercent) ?? DEFAULT_ROYALTY_BPS));
  body.append('maxPerUser', values.maxPerUser.trim());
  body.append('dropsAt', dropsAtIso(values.dropsAt) ?? '');
  body.append('kind', values.kind);
  body.append('emoji', JSON.stringify(values.images.map((_, i) => emojiOf(values.stickerEmoji[i]))));
  for (const image of values.images) body.append('image', image, image.name);
  return body;
}
