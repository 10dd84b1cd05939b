import { lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { packs } from '../db/schema.js';
import { refreshSearchFacts } from '../packs/search-facts.js';
import { refreshTrendingScores } from '../packs/trending.js';

const ADJECTIVES = ['happy', 'sleepy', 'neon', 'cosmic', 'tiny', 'grumpy', 'golden', 'pixel', 'wild', 'retro'];
const NOUNS = ['cats', 'dogs', 'galaxy', 'ramen', 'clouds', 'hearts', 'robots', 'plants', 'ghosts', 'donuts', 'owls'];
const CATEGORIES = ['general', 'animals', 'emotions', 'food', 'nature', 'objects', 'people', 'symbols'];
const BENCH_CREATORS = 100;

/** `array[$1::text, …]`: a text array built from bound parameters. */
function textArray(words: readonly string[]): SQL {
  return sql`array[${sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  )}]`;
}

/**
 * A large synthetic catalogue for load tests: `count` packs by 100 creators (ids -1000 and below), three
 * stickers each reusing `imageKeys`, varied titles, prices, ages and views; no sales or likes, so every
 * invariant (sold_count = editions, likes = rows) holds. Written with set-based inserts: 10,000 packs take
 * about a second. Then scores trending.
 */
export async function seedBenchCatalogue(
  db: Database,
  count = 10_000,
  options: { now?: Date; imageKeys?: readonly string[]; previewKey?: string } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const keys = options.imageKeys ?? ['seed/bench-1.webp', 'seed/bench-2.webp', 'seed/bench-3.webp'];
  // Public files are those under previews/ (storage/file-urls.ts); one stands for every card and sticker preview.
  const previewKey = options.previewKey ?? 'previews/seed/bench-preview.webp';
  const adjectives = textArray(ADJECTIVES);
  const nouns = textArray(NOUNS);
  const categories = textArray(CATEGORIES);
  const stickers = textArray(keys);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, username, first_name, is_creator)
      select -1000 - g, 'bench_creator_' || g, 'Creator ' || g, true from generate_series(0, ${BENCH_CREATORS - 1}) g
      on conflict (id) do nothing`);
    await tx.execute(sql`
      insert into packs (creator_id, title, description, category, tags, price_nano, max_supply, views,
        cover_key, preview_key, created_at)
      select -1000 - (g % ${BENCH_CREATORS}),
        initcap((${adjectives})[1 + g % 10] || ' ' || (${nouns})[1 + (g / 10) % 11]) || ' #' || g,
        'A pack of ' || (${adjectives})[1 + (g / 7) % 10] || ' ' || (${nouns})[1 + (g / 3) % 11] || ' stickers',
        (${categories})[1 + g % 8],
        array[(${nouns})[1 + g % 11], 'bench'],
        (1 + (g * 7919) % 5000)::bigint * 10000000,
        100 + g % 900,
        (g * 104729) % 5000,
        ${keys[0]!}, ${previewKey},
        ${now.toISOString()}::timestamptz - (g * interval '13 minutes')
      from generate_series(1, ${count}) g`);
    await tx.execute(sql`
      insert into pack_stickers (pack_id, position, file_key, preview_key)
      select p.id, k.position, (${stickers})[k.position], ${previewKey}
      from packs p cross join generate_series(1, ${keys.length}) as k(position)
      where p.creator_id <= -1000 and not exists (select 1 from pack_stickers s where s.pack_id = p.id)`);
    const benchPacks = await tx.select({ id: packs.id }).from(packs).where(lte(packs.creatorId, -1000));
    await refreshSearchFacts(
      tx,
      benchPacks.map((pack) => pack.id),
    );
  });
  await refreshTrendingScores(db, now);
}
