/** Business constants of SPEC §9. Everything that needs one of these imports it from here. */

export const CURRENCY = 'TON';

export const PAYMENT_METHODS = ['ton', 'stripe', 'stars', 'demo'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The rails SPEC names, in its order; `ton` is the default. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'ton';

export const MAX_UPLOAD_BYTES = 5_242_880;
/** Decoded pixels one uploaded image may have; stops decompression bombs before sharp decodes them. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_STICKERS_PER_PACK = 50;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/**
 * What the create form offers: images, animations and TGS (browsers give a .tgs no type, so its name
 * counts); the server still judges every file by its bytes.
 */
export const ACCEPTED_STICKER_TYPES = [
  ...ACCEPTED_IMAGE_TYPES,
  'image/webp',
  'video/mp4',
  'video/webm',
  'application/x-tgsticker',
] as const;
export const ACCEPTED_STICKER_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp4', '.webm', '.tgs'] as const;
export const STICKER_SIZE_PX = 512;

/** A pack of stickers, or of custom emoji (Telegram's `sticker_type: "custom_emoji"`, 100×100). */
export const PACK_KINDS = ['stickers', 'emoji'] as const;
export type PackKind = (typeof PACK_KINDS)[number];
export const DEFAULT_PACK_KIND: PackKind = 'stickers';
/** Telegram's sticker formats: WEBP, TGS (gzipped Lottie) and WEBM (VP9). */
export const STICKER_FORMATS = ['static', 'animated', 'video'] as const;
export type StickerFormat = (typeof STICKER_FORMATS)[number];
/** Telegram's limits (core.telegram.org/stickers). */
export const EMOJI_SIZE_PX = 100;
export const MAX_ANIMATION_SECONDS = 3;
export const MAX_VIDEO_FPS = 30;
export const MAX_VIDEO_STICKER_BYTES = 256 * 1024;
export const MAX_TGS_BYTES = 64 * 1024;
export const MAX_TGS_FPS = 60;
export const MAX_EMOJI_PER_STICKER = 20;
export const MAX_KEYWORDS_PER_STICKER = 20;
/** Telegram counts the keywords of one sticker together. */
export const MAX_KEYWORDS_LENGTH = 64;
/** What a sticker stands for when its creator named no emoji (every sticker had it before emoji per sticker). */
// Written as its code point: sticker data for Telegram, never an icon in the mini-app's own text.
export const DEFAULT_STICKER_EMOJI = '\u{1F3A8}';

export const MIN_PRICE = '0.01';
export const PRICE_STEP = '0.01';
/** Largest price a pack may ask, in TON; guards against typos that would overflow a wallet's display. */
export const MAX_PRICE = '1000000';

export const CATEGORIES = ['general', 'animals', 'emotions', 'food', 'nature', 'objects', 'people', 'symbols'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'general';

export const MIN_EDITION_SIZE = 1;
export const MAX_EDITION_SIZE = 10_000;
export const DEFAULT_EDITION_SIZE = 100;

export const SORTS = ['trending', 'newest', 'price_low', 'price_high'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'trending';
/** The catalogue's orders: the sorts above, and `relevance` (a title match first), the default of a search. */
export const LIST_SORTS = [...SORTS, 'relevance'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** The catalogue's format filter: packs with a sticker of that format, or custom emoji packs. */
export const FORMAT_FILTERS = ['static', 'animated', 'video', 'emoji'] as const;
export type FormatFilter = (typeof FORMAT_FILTERS)[number];

/** Still sold new (`primary`), with an edition listed for resale (`resale`), or either (`all`). */
export const AVAILABILITIES = ['primary', 'resale', 'all'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const VIEW_MODES = ['grid', 'list'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const COLLECTION_FILTERS = ['all', 'recent', 'favorites'] as const;
export type CollectionFilter = (typeof COLLECTION_FILTERS)[number];

export const TRENDING_LIMIT = 6;
export const MAX_TRENDING_LIMIT = 50;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

export const TRENDING_CACHE_MS = 300_000;
export const PACKS_CACHE_MS = 300_000;
export const STATS_CACHE_MS = 600_000;
export const QUERY_RETRY = 1;

export const TOAST_DURATION_MS = 4_000;
export const CARD_DESCRIPTION_LINES = 2;
export const CARD_STAGGER_S = 0.1;

export const RECENT_PURCHASE_DAYS = 7;
/** A pack counts as new for this long after it is listed. */
export const NEW_PACK_DAYS = 7;

/** Shown on Home when the stats call yields no data (SPEC §9). */
export const FALLBACK_HOME_STATS = {
  totalListings: '1,234',
  uniqueSellers: '567',
  totalVolume: '89.5K',
  totalSales: '2,345',
} as const;

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const INIT_DATA_MAX_AGE_S = 60 * 60;
export const LOGIN_CODE_TTL_S = 5 * 60;
export const ORDER_RESERVATION_MS = 15 * 60 * 1000;

export const PROFILE_LIMITS = { displayName: 64, bio: 500, website: 200 } as const;
export const TITLE_MAX_LENGTH = 80;
export const DESCRIPTION_MAX_LENGTH = 1_000;
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 32;

export const STORAGE_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken' } as const;
