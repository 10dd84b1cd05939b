import { z } from 'zod';
import {
  CATEGORIES,
  PACK_KINDS,
  STICKER_FORMATS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  MAX_PAGE_SIZE,
  MAX_TRENDING_LIMIT,
  LIST_SORTS,
  FORMAT_FILTERS,
  AVAILABILITIES,
  TRENDING_LIMIT,
} from '../constants.js';
import { parseTon } from '../money.js';
import { API_ERRORS } from '../messages.js';
import { IsoDate, PackId, TonAmount } from './common.js';
import { EditionPayment, LastSale, ListingRef } from './resale.js';
import { freeText } from './text.js';
import { Removal } from './ops.js';

export const CreatorRef = z.object({ id: z.number().int(), name: z.string(), username: z.string().nullable() });

/** A pack as the grids show it (SPEC §3 card fields and list fields). */
export const PackCard = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string()),
  price: TonAmount,
  imageUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  creator: CreatorRef,
  views: z.number().int(),
  likes: z.number().int(),
  sales: z.number().int(),
  maxSupply: z.number().int(),
  soldCount: z.number().int(),
  isFavorite: z.boolean(),
  isTrending: z.boolean(),
  isNew: z.boolean(),
  createdAt: IsoDate,
  /** The cheapest buyable resale listing, or null; and how many listings are buyable. */
  floorPrice: TonAmount.nullable(),
  listedCount: z.number().int(),
  /** A scheduled drop: buying opens at this time; null when the pack was on sale from the start. */
  dropsAt: IsoDate.nullable(),
  /** The most editions one collector may hold (reservations included); null for no limit. */
  maxPerUser: z.number().int().nullable(),
  /** A sticker pack or a custom emoji pack. */
  kind: z.enum(PACK_KINDS),
  /** Some sticker is animated (TGS) or video (WEBM): the card shows its still with a marker. */
  animated: z.boolean(),
  /** Its moving stickers are videos (WEBM), none animated (TGS): the card's marker says "Video". */
  video: z.boolean().optional(),
});
export type PackCard = z.infer<typeof PackCard>;

/**
 * One sticker of a pack. `previewUrl` is a reduced, public preview (null for an old pack until the server
 * has made it); `fileUrl` is the full file, a link signed for a short time, given only to a signed-in owner
 * of an edition and to the pack's creator (null for everyone else).
 */
export const PackSticker = z.object({
  previewUrl: z.string().nullable(),
  /**
   * A moving sticker's public moving preview (an animated WEBP, smaller than the sticker), for everyone;
   * null for a static sticker, and until the server has made it.
   */
  motionPreviewUrl: z.string().nullable(),
  fileUrl: z.string().nullable(),
  /** static: WEBP; animated: TGS (Lottie); video: WEBM. previewUrl is always a still (the first frame). */
  format: z.enum(STICKER_FORMATS),
  /** 1–20 emoji the sticker stands for, and its search keywords (Telegram's emoji_list and keywords). */
  emoji: z.array(z.string()),
  keywords: z.array(z.string()),
});
export type PackSticker = z.infer<typeof PackSticker>;

export const PackDetail = PackCard.extend({
  creator: CreatorRef.extend({
    stats: z.object({ totalStickers: z.number().int(), totalSales: z.number().int() }),
  }),
  rating: z.number(),
  owners: z.number().int(),
  /** Present only for a taken-down pack, which only its creator and owners still see. */
  removed: Removal.optional(),
  stickersCount: z.number().int(),
  stickers: z.array(PackSticker),
  isOwned: z.boolean(),
  /** The caller's edition serial, when owned. */
  edition: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
  /** The creator's royalty on resales, in basis points. */
  royaltyBps: z.number().int(),
  /** The latest resale. */
  lastSale: LastSale.nullable(),
  /** The caller asked to be told when the drop opens ("Notify me"). */
  notifying: z.boolean(),
});
export type PackDetail = z.infer<typeof PackDetail>;

/** A price bound of the catalogue's filter: TON as a decimal ("1.5"), in nanotons. */
const PriceBound = z
  .string()
  .max(30)
  .transform((text, context) => {
    const nano = parseTon(text);
    if (nano === null) context.addIssue({ code: 'custom', message: API_ERRORS.invalidPriceFilter });
    return nano ?? 0n;
  })
  .optional();

const yes = (value: string | undefined) => value === '1' || value === 'true';

export const PackListQuery = z
  .object({
    /** Words of the title, description, tags, creator, or a sticker's keywords; or a sticker's emoji. */
    search: freeText('Search').trim().max(100).default(''),
    /** Without one: `relevance` when searching, else `trending`. */
    sort: z.enum(LIST_SORTS, { error: API_ERRORS.invalidSort }).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    cursor: z.string().max(200).optional(),
    category: z.enum(CATEGORIES, { error: API_ERRORS.invalidCategory }).optional(),
    format: z.enum(FORMAT_FILTERS, { error: API_ERRORS.invalidFormatFilter }).optional(),
    /** TON, inclusive: the pack's own price while it is sold new, a listing's price on resale. */
    minPrice: PriceBound,
    maxPrice: PriceBound,
    availability: z.enum(AVAILABILITIES, { error: API_ERRORS.invalidAvailability }).optional(),
    /** `onResale=1`: the same as `availability=resale` (kept for the links that carry it). */
    onResale: z.enum(['1', '0', 'true', 'false']).optional(),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: API_ERRORS.invalidPriceRange,
  })
  .transform(({ onResale, sort, availability, ...query }) => ({
    ...query,
    sort: sort ?? (query.search === '' ? DEFAULT_SORT : 'relevance'),
    availability: availability ?? (yes(onResale) ? 'resale' : 'all'),
  }));
export type PackListQuery = z.infer<typeof PackListQuery>;

export const PackListResponse = z.object({ items: z.array(PackCard), nextCursor: z.string().nullable() });
export type PackListResponse = z.infer<typeof PackListResponse>;

export const TrendingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_TRENDING_LIMIT).default(TRENDING_LIMIT),
});
export const TrendingResponse = z.array(PackCard);

export const PackIdParams = z.object({ id: PackId });
export const LikeResponse = z.object({ liked: z.boolean(), likes: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponse>;
export const CreatePackResponse = z.object({ sticker: PackDetail });

/** The text fields of `POST /api/stickers`' multipart form (the images are its file parts). */
export const CREATE_PACK_TEXT_FIELDS = [
  'title',
  'description',
  'price',
  'category',
  'tags',
  'maxSupply',
  'royaltyBps',
  'maxPerUser',
  'dropsAt',
  'kind',
  'emoji',
  'keywords',
] as const;
export type CreatePackTextField = (typeof CREATE_PACK_TEXT_FIELDS)[number];
/** `POST /api/stickers/:id/telegram-set` ("Add to Telegram"): the bot sends the set's link in the chat. */
export const TelegramSetResponse = z.object({ status: z.literal('queued') });
export type TelegramSetResponse = z.infer<typeof TelegramSetResponse>;

/**
 * `GET /api/stickers/:id/custom-emoji` (owners of a custom emoji pack): the ids Telegram gave the stickers
 * of the owner's own set, in the pack's order, which an emoji status names; empty until the set is made.
 */
export const CustomEmojiResponse = z.object({ customEmojiIds: z.array(z.string()) });
export type CustomEmojiResponse = z.infer<typeof CustomEmojiResponse>;

/** `POST|DELETE /api/stickers/:id/notify`: whether the caller is now told when the drop opens. */
export const DropNotifyResponse = z.object({ notifying: z.boolean() });
export type DropNotifyResponse = z.infer<typeof DropNotifyResponse>;

/** A message the bot prepared for the user to send with Telegram's shareMessage (Bot API 8.0). */
export const ShareMessageResponse = z.object({ id: z.string() });
export type ShareMessageResponse = z.infer<typeof ShareMessageResponse>;

export const MarketplaceStats = z.object({
  totalListings: z.number().int(),
  uniqueSellers: z.number().int(),
  totalVolume: TonAmount,
  totalSales: z.number().int(),
  totalStickers: z.number().int(),
  totalCreators: z.number().int(),
  avgPrice: TonAmount,
});
export type MarketplaceStats = z.infer<typeof MarketplaceStats>;

export const CollectionItem = PackCard.extend({
  purchasePrice: TonAmount,
  /**
   * What the edition is worth today: the pack's resale floor, else its new price while editions remain;
   * null when neither exists (sold out and nothing listed).
   */
  value: TonAmount.nullable(),
  /** `value` minus what the owner paid (negative below it); null with `value`. */
  gain: TonAmount.nullable(),
  purchasedAt: IsoDate,
  edition: z.number().int(),
  editionId: z.number().int(),
  serial: z.number().int(),
  listing: ListingRef.nullable(),
  ...EditionPayment.shape,
  /** Present only when the marketplace took the pack down: the owner keeps the edition, marked removed. */
  removed: Removal.optional(),
});
export type CollectionItem = z.infer<typeof CollectionItem>;
export const CollectionResponse = z.array(CollectionItem);

/** The collection's worth in one line: the sums of its editions' `value`, paid price and `gain`. */
export const CollectionWorth = z.object({
  editions: z.number().int(),
  /** The sum of the priced editions' values. */
  value: TonAmount,
  /** What the owner paid for every edition. */
  paid: TonAmount,
  /** The sum of the priced editions' gains. */
  gain: TonAmount,
  /** Editions without a value today (sold out, nothing listed): outside `value` and `gain`. */
  unpriced: z.number().int(),
});
export type CollectionWorth = z.infer<typeof CollectionWorth>;
