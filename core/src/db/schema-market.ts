import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PACK_KINDS,
  REMOVAL_REASONS,
  STICKER_FORMATS,
  type Language,
  type PaymentInstructions,
} from '@stickerdrop/shared';

/** A pack is listed, or removed by the marketplace. */
export const PACK_STATUSES = ['listed', 'removed'] as const;

/** Postgres' text search document; read only inside SQL, so it stays a string on this side. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Telegram users; `id` is the Telegram id (demo users get negative ids, which Telegram never issues). */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    username: text('username'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    photoUrl: text('photo_url'),
    isCreator: boolean('is_creator').notNull().default(false),
    walletAddress: text('wallet_address'),
    displayName: text('display_name'),
    bio: text('bio'),
    website: text('website'),
    createdAt: createdAt(),
    /**
     * The language the app, the bot and the API speak to them; null until chosen. Telegram's language_code
     * decides it on their first sign-in (or first word to the bot); their own choice in the profile wins after.
     */
    language: text('language').$type<Language>(),
  },
  (t) => [check('users_language_known', sql`${t.language} IN ('en', 'ru')`)],
);

/**
 * Rotating refresh tokens; a family is one sign-in (a session the user sees in their profile and in the bot's
 * /sessions), revoked whole when a rotated token is reused or the user signs it out.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When the family signed in; copied to each successor (migration 0009). */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    /** How it signed in: `telegram` (the mini-app), `bot` (the web, through the bot), `demo`; null before 0009. */
    via: text('via').$type<SignInVia>(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

export type SignInVia = 'telegram' | 'bot' | 'demo';

/**
 * One-time codes for signing in on the plain web through the bot. The page shows `match`; the bot offers
 * `choices` to the one Telegram user who opened the code (`userId`), and only the match confirms it
 * (migration 0009). `id` names the code in the bot's buttons.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique('login_codes_id_unique'),
    /** Who opened the code in the bot; null until someone did. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    match: smallint('match').notNull(),
    choices: smallint('choices').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'login_codes_match_check',
      sql`${t.match} BETWEEN 10 AND 99 AND cardinality(${t.choices}) = 3 AND ${t.match} = ANY (${t.choices})`,
    ),
    index('login_codes_expires_idx').on(t.expiresAt),
  ],
);

export const packs = pgTable(
  'packs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creatorId: bigint('creator_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('general'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Price in nanotons: exact, never a float. */
    priceNano: bigint('price_nano', { mode: 'bigint' }).notNull(),
    maxSupply: integer('max_supply').notNull(),
    soldCount: integer('sold_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    /** Refreshed from recent sales, likes and views; ranks the trending sort. */
    trendingScore: real('trending_score').notNull().default(0),
    coverKey: text('cover_key'),
    previewKey: text('preview_key'),
    /** The creator's royalty on every resale, in basis points (0–1000; checked in migration 0003). */
    royaltyBps: integer('royalty_bps').notNull().default(500),
    /** The most editions one collector may hold, reservations included; null = no limit (migration 0005). */
    maxPerUser: integer('max_per_user'),
    /** A scheduled drop: nothing is sold before it; null = on sale from the start. */
    dropsAt: timestamp('drops_at', { withTimezone: true }),
    /** When the "drop is open" messages were queued for its subscribers; set once. */
    dropAnnouncedAt: timestamp('drop_announced_at', { withTimezone: true }),
    /** 'stickers' or 'emoji' (a custom emoji pack, 100×100); checked in migration 0011. */
    kind: text('kind', { enum: PACK_KINDS }).notNull().default('stickers'),
    /** Some sticker is not static; kept at insert so cards need not read the stickers. */
    animated: boolean('animated').notNull().default(false),
    /** Tags and the stickers' keywords, lower case: what search reads of them (packs/search-facts.ts). */
    searchWords: text('search_words').notNull().default(''),
    /** The stickers' emoji, each without the presentation selector U+FE0F. */
    stickerEmoji: text('sticker_emoji')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The formats the pack's stickers come in. */
    stickerFormats: text('sticker_formats', { enum: STICKER_FORMATS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Title (weight A), search words (B) and description (C) for Postgres' text search (migration 0020). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', "title"), 'A') || setweight(to_tsvector('simple', "search_words"), 'B') || setweight(to_tsvector('simple', "description"), 'C')`,
    ),
    createdAt: createdAt(),
    /** listed, or removed by the marketplace (migration 0027): gone from every visitor's read. */
    status: text('status', { enum: PACK_STATUSES }).notNull().default('listed'),
    /** Why it was removed (a report reason, or its creator's ban); null while listed. */
    removedReason: text('removed_reason', { enum: REMOVAL_REASONS }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('packs_sold_within_supply', sql`${t.soldCount} >= 0 AND ${t.soldCount} <= ${t.maxSupply}`),
    check('packs_price_positive', sql`${t.priceNano} > 0`),
    check(
      'packs_status_valid',
      sql`${t.status} IN ('listed', 'removed') AND (${t.status} = 'listed') = (${t.removedReason} IS NULL)`,
    ),
    check(
      'packs_max_per_user_range',
      sql`${t.maxPerUser} IS NULL OR (${t.maxPerUser} >= 1 AND ${t.maxPerUser} <= ${t.maxSupply})`,
    ),
    index('packs_unannounced_drop_idx')
      .on(t.dropsAt)
      .where(sql`${t.dropsAt} IS NOT NULL AND ${t.dropAnnouncedAt} IS NULL`),
    index('packs_trending_idx').on(t.trendingScore.desc(), t.id.desc()),
    index('packs_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('packs_price_idx').on(t.priceNano, t.id),
    index('packs_creator_idx').on(t.creatorId),
    // The operator's desk reads the removed packs, latest first: a handful among every listed one.
    index('packs_removed_idx')
      .on(t.removedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'removed'`),
    index('packs_search_vector_idx').using('gin', t.searchVector),
    index('packs_sticker_emoji_idx').using('gin', t.stickerEmoji),
    index('packs_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** "Notify me": who is told when a pack's drop opens (migration 0005). */
export const dropSubscriptions = pgTable(
  'drop_subscriptions',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.userId] })],
);

/** The stickers of a pack, 512 px WEBP each, in upload order. */
export const packStickers = pgTable(
  'pack_stickers',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileKey: text('file_key').notNull(),
    /** The public, reduced preview (`previews/…`); null until made for a pack uploaded before previews (0010). */
    previewKey: text('preview_key'),
    /** A moving sticker's public animated preview (`previews/…`); null for a static one, or until made. */
    motionPreviewKey: text('motion_preview_key'),
    /** static (WEBP), animated (TGS) or video (WEBM); checked in migration 0011. */
    format: text('format', { enum: STICKER_FORMATS }).notNull().default('static'),
    /** Telegram's emoji_list (1–20) and keywords of this sticker. */
    emoji: text('emoji')
      .array()
      .notNull()
      .default(sql`ARRAY['🎨']`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The file as uploaded (`originals/…`, private), for the owners' archive; null before migration 0011. */
    originalKey: text('original_key'),
  },
  (t) => [primaryKey({ columns: [t.packId, t.position] })],
);

export const likes = pgTable(
  'likes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packId] }), index('likes_pack_idx').on(t.packId)],
);

/**
 * An order reserves one edition until it is paid or expires. `status`: reserved → paid, or → expired,
 * or (paid too late with no supply left) → refund_required → refunded.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    status: text('status').notNull().default('reserved'),
    paymentMethod: text('payment_method').notNull(),
    amountNano: bigint('amount_nano', { mode: 'bigint' }).notNull(),
    /** What the rail needs (TON comment, checkout URL, invoice link); shown back to the buyer. */
    payment: jsonb('payment').$type<PaymentInstructions>().notNull().default({ kind: 'demo' }),
    /** The rail's id for the payment that settled this order (tx hash, Stripe session, Stars charge). */
    paymentRef: text('payment_ref'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * primary (a new edition of the pack) or resale (the edition of `listingId`, or of the accepted offer
     * `offerId`); see migrations 0003 and 0004.
     */
    kind: text('kind').notNull().default('primary'),
    listingId: integer('listing_id'),
    offerId: integer('offer_id'),
    editionId: integer('edition_id'),
    royaltyBps: integer('royalty_bps'),
    feeBps: integer('fee_bps'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_pack_status_idx').on(t.packId, t.status),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('orders_payment_ref_idx').on(t.paymentMethod, t.paymentRef),
  ],
);

/** An owned copy of a pack: serials run 1…maxSupply with no gaps and no duplicates. */
export const editions = pgTable(
  'editions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    serial: integer('serial').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    purchasePriceNano: bigint('purchase_price_nano', { mode: 'bigint' }).notNull(),
    /** How and when the owner paid for it (mint or resale); the Stars resale lock reads them (migration 0006). */
    acquiredWith: text('acquired_with'),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('editions_pack_serial_idx').on(t.packId, t.serial),
    uniqueIndex('editions_order_idx').on(t.orderId),
    index('editions_owner_idx').on(t.ownerId, t.createdAt.desc()),
  ],
);
