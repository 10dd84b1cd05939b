import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { CARD_IMAGE_WIDTHS_PX, cardImageVariant, parseTon } from '@stickerdrop/shared';
import type { Database, Transaction } from '../db/client.js';
import { editions, likes, orders, packStickers, packs, users } from '../db/schema.js';
import { activity } from '../resale/tables.js';
import { contentTypeOfKey, type FileStorage } from '../storage/storage.js';
import { PUBLIC_PREFIX } from '../storage/file-urls.js';
import { refreshSearchFacts } from '../packs/search-facts.js';
import { refreshTrendingScores } from '../packs/trending.js';
import {
  renderSeedCard,
  renderSeedSticker,
  renderSeedStickerPreview,
  renderSeedMotionPreview,
  SEED_STICKER_FORMATS,
  seededRandom,
} from './art.js';
import { mapLimited } from './art-cache.js';
import {
  SEED_COLLECTORS,
  SEED_CREATORS,
  SEED_CREATOR_ID,
  SEED_PACKS,
  seedCollector,
  type SeedPack,
} from './catalogue.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Any constant works; it keeps two processes on one Postgres from seeding twice. */
const SEED_LOCK = 72_730_001;
const WEBP = 'image/webp';

export interface SeedDeps {
  db: Database;
  storage: FileStorage;
  now: Date;
}

export const seedStickerKey = (pack: SeedPack, n: number) =>
  `seed/${pack.slug}-${n}.${SEED_STICKER_FORMATS[pack.art].extension}`;
/** Public files live under PUBLIC_PREFIX (storage/file-urls.ts): the card image and each sticker's preview. */
export const seedPreviewKey = (slug: string) => `${PUBLIC_PREFIX}seed/${slug}-card.webp`;
export const seedStickerPreviewKey = (slug: string, n: number) => `${PUBLIC_PREFIX}seed/${slug}-${n}.webp`;
/** A moving sticker's moving preview; static stickers have none. */
export const seedMotionPreviewKey = (slug: string, n: number) => `${PUBLIC_PREFIX}seed/${slug}-${n}-moving.webp`;

/**
 * Fills an empty marketplace with the demo catalogue (SEED_PACKS): creators, collectors, packs with
 * their art (Fluent Emoji, a TGS and a video pack: art.ts), paid demo orders with their editions (serials 1…sold), likes and views; then scores
 * trending. Does nothing when any pack exists. Returns whether it seeded.
 */
export async function seedDemoCatalogue({ db, storage, now }: SeedDeps): Promise<boolean> {
  if (await hasPacks(db)) return false;
  // Art first, outside the transaction: the keys are fixed, so a repeated or concurrent run rewrites
  // the same bytes, and the database never points at a file that is not there.
  await storeArt(storage);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasPacks(tx)) return false;
    await insertUsers(tx);
    for (const [index, pack] of SEED_PACKS.entries()) await insertPack(tx, pack, index, now);
    return true;
  });
  if (seeded) await refreshTrendingScores(db, now);
  return seeded;
}

async function hasPacks(db: Database | Transaction): Promise<boolean> {
  const rows = await db.select({ id: packs.id }).from(packs).limit(1);
  return rows.length > 0;
}

/** Every sticker, its public preview and each pack's card; as many at once as there are cores. */
async function storeArt(storage: FileStorage): Promise<void> {
  const stickers = SEED_PACKS.flatMap((pack) => pack.stickers.map((sticker, n) => ({ pack, sticker, n: n + 1 })));
  const stills = new Map<string, Buffer>();
  await mapLimited(stickers, os.availableParallelism(), async ({ pack, sticker, n }) => {
    const file = await renderSeedSticker(pack, sticker);
    if (n === 1) stills.set(pack.slug, file.still);
    await Promise.all([
      storage.put(seedStickerKey(pack, n), file.bytes, contentTypeOfKey(seedStickerKey(pack, n))),
      storage.put(seedStickerPreviewKey(pack.slug, n), await renderSeedStickerPreview(file.still), WEBP),
      file.format === 'static'
        ? null
        : storage.put(
            seedMotionPreviewKey(pack.slug, n),
            await renderSeedMotionPreview({ format: file.format, bytes: file.bytes }, pack.kind),
            WEBP,
          ),
    ]);
  });
  const cards = SEED_PACKS.flatMap((pack) => CARD_IMAGE_WIDTHS_PX.map((width) => ({ pack, width })));
  await mapLimited(cards, os.availableParallelism(), async ({ pack, width }) =>
    storage.put(
      cardImageVariant(seedPreviewKey(pack.slug), width),
      await renderSeedCard(pack.palette, stills.get(pack.slug)!, width),
      WEBP,
    ),
  );
}

async function insertUsers(tx: Transaction): Promise<void> {
  await tx
    .insert(users)
    .values(
      SEED_CREATORS.map((creator, i) => ({
        id: SEED_CREATOR_ID - i,
        username: creator.username,
        firstName: creator.firstName,
        displayName: creator.displayName,
        bio: creator.bio,
        isCreator: true,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(users)
    .values(Array.from({ length: SEED_COLLECTORS }, (_, i) => seedCollector(i)))
    .onConflictDoNothing();
}

/**
 * When each of a pack's sales happened, oldest first: the last `recentSales` within the past week (or the
 * pack's life, if shorter), the others spread between its listing and a week ago.
 */
function saleTimes(pack: SeedPack, listedAt: number, now: number, random: () => number): number[] {
  const weekStart = Math.max(listedAt, now - WEEK_MS);
  const older = pack.sold - pack.recentSales;
  const times = [
    ...Array.from({ length: older }, () => listedAt + random() * Math.max(0, weekStart - listedAt)),
    ...Array.from({ length: pack.recentSales }, () => weekStart + random() * (now - weekStart)),
  ];
  return times.sort((a, b) => a - b);
}

async function insertPack(tx: Transaction, pack: SeedPack, index: number, now: Date): Promise<void> {
  const random = seededRandom(index + 1);
  const listedAt = now.getTime() - pack.ageDays * DAY_MS;
  const priceNano = parseTon(pack.price);
  if (priceNano === null) throw new Error(`Seed pack ${pack.slug} has an invalid price ${pack.price}`);

  const [row] = await tx
    .insert(packs)
    .values({
      creatorId: SEED_CREATOR_ID - pack.creator,
      title: pack.title,
      description: pack.description,
      category: pack.category,
      tags: pack.tags,
      priceNano,
      maxSupply: pack.maxSupply,
      soldCount: pack.sold,
      views: pack.views,
      likes: pack.likes,
      kind: pack.kind,
      animated: pack.art === 'tgs' || pack.art === 'video',
      coverKey: seedStickerKey(pack, 1),
      previewKey: seedPreviewKey(pack.slug),
      createdAt: new Date(listedAt),
    })
    .returning({ id: packs.id });
  const packId = row!.id;
  await tx.insert(packStickers).values(
    pack.stickers.map((sticker, n) => ({
      packId,
      position: n + 1,
      fileKey: seedStickerKey(pack, n + 1),
      previewKey: seedStickerPreviewKey(pack.slug, n + 1),
      motionPreviewKey:
        SEED_STICKER_FORMATS[pack.art].format === 'static' ? null : seedMotionPreviewKey(pack.slug, n + 1),
      format: SEED_STICKER_FORMATS[pack.art].format,
      emoji: [sticker.emoji],
      keywords: sticker.keywords,
    })),
  );
  await refreshSearchFacts(tx, [packId]);

  // Each pack's buyers and fans are different collectors, picked from a rotating start.
  const collector = (n: number) => seedCollector((index * 7 + n) % SEED_COLLECTORS).id;
  const sales = saleTimes(pack, listedAt, now.getTime(), random).map((time, n) => ({
    orderId: randomUUID(),
    ownerId: collector(n),
    at: new Date(Math.round(time)),
    serial: n + 1,
  }));
  if (sales.length) {
    await tx.insert(orders).values(
      sales.map((sale) => ({
        id: sale.orderId,
        userId: sale.ownerId,
        packId,
        status: 'paid',
        paymentMethod: 'demo',
        amountNano: priceNano,
        paymentRef: `demo:${sale.orderId}`,
        expiresAt: sale.at,
        paidAt: sale.at,
        createdAt: sale.at,
      })),
    );
    const minted = await tx
      .insert(editions)
      .values(
        sales.map((sale) => ({
          packId,
          serial: sale.serial,
          ownerId: sale.ownerId,
          orderId: sale.orderId,
          purchasePriceNano: priceNano,
          createdAt: sale.at,
        })),
      )
      .returning({ id: editions.id, serial: editions.serial });
    // Each sale is a mint in the feed, as a real purchase writes it: the chart, "Last sale" and the
    // activity list read the feed, and would call a pack with sales this week unsold.
    const bySerial = new Map(minted.map((edition) => [edition.serial, edition.id]));
    await tx.insert(activity).values(
      sales.map((sale) => ({
        packId,
        editionId: bySerial.get(sale.serial)!,
        serial: sale.serial,
        type: 'mint',
        priceNano,
        fromId: null,
        toId: sale.ownerId,
        at: sale.at,
      })),
    );
  }
  if (pack.likes) {
    await tx.insert(likes).values(
      Array.from({ length: pack.likes }, (_, n) => ({
        userId: collector(SEED_COLLECTORS - 1 - n),
        packId,
        createdAt: new Date(listedAt + random() * (now.getTime() - listedAt)),
      })),
    );
  }
}
