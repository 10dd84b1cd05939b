import {
  API_ERRORS,
  DEFAULT_CATEGORY,
  DEFAULT_EDITION_SIZE,
  DEFAULT_ROYALTY_BPS,
  DROP_ERRORS,
  royaltyBpsOfPercent,
  RESALE_ERRORS,
  MAX_EDITION_SIZE,
  MIN_EDITION_SIZE,
  validateCreateForm,
  validateImageFile,
  type Category,
} from '@stickerdrop/shared';

export interface CreateFormValues {
  images: File[];
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
    const fileError = validateImageFile(image);
    if (fileError) return fileError;
  }
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

/** A datetime-local value is the device's local time: sent as an absolute ISO time, so the server never guesses a zone. */
export function dropsAtIso(local: string): string | null {
  const at = new Date(local);
  return local === '' || Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The multipart body of POST /api/stickers: one `image` part per file. */
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
  for (const image of values.images) body.append('image', image, image.name);
  return body;
}
