import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  EMOJI_SIZE_PX,
  MAX_TGS_BYTES,
  MAX_VIDEO_FPS,
  MAX_VIDEO_STICKER_BYTES,
  PackListResponse,
  STICKER_SIZE_PX,
  TrendingResponse,
  parseStickerEmoji,
  parseStickerKeywords,
  parseTon,
  type PackKind,
} from '@stickerdrop/shared';
import { checkStickerUpload, seedBenchCatalogue, seedDemoCatalogue } from '@stickerdrop/core';
import { probeVideo, queryRows, readTgs, SEED_PACKS, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase('seedDemoCatalogue', (kind) => {
  let t: TestApp;
  let seededTwice: boolean[];
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const deps = { db: t.db, storage: t.storage, now: t.clock.now };
    // Two at once: one seeds, the other finds the catalogue (the advisory lock on Postgres).
    seededTwice = await Promise.all([seedDemoCatalogue(deps), seedDemoCatalogue(deps)]);
  }, 120_000);
  afterAll(() => t.close());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.db, query);
  const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(query))[0]!.n);

  it('seeds exactly once, even when asked twice at the same time', async () => {
    expect(seededTwice.filter(Boolean)).toHaveLength(1);
    expect(await count(sql`select count(*) as n from packs`)).toBe(SEED_PACKS.length);
    expect(await seedDemoCatalogue({ db: t.db, storage: t.storage, now: t.clock.now })).toBe(false);
    expect(await count(sql`select count(*) as n from packs`)).toBe(SEED_PACKS.length);
  });

  it('has at least 24 packs by at least 6 seeded creators, bought by seeded collectors only', async () => {
    expect(SEED_PACKS.length).toBeGreaterThanOrEqual(24);
    expect(await count(sql`select count(distinct creator_id) as n from packs`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`select count(*) as n from packs where creator_id > -100 or creator_id <= -200`)).toBe(0);
    expect(await count(sql`select count(*) as n from users where is_creator and id <= -100 and id > -200`)).toBe(
      await count(sql`select count(distinct creator_id) as n from packs`),
    );
    expect(await count(sql`select count(*) as n from editions where owner_id > -200`)).toBe(0);
    expect(await count(sql`select count(*) as n from users where id in (-1, -2)`)).toBe(0);
  });

  it('keeps sold_count, serials, orders and likes consistent', async () => {
    const broken = await rows(sql`
      select p.id from packs p
      left join (select pack_id, count(*) as n, min(serial) as lo, max(serial) as hi, count(distinct serial) as d,
                        count(distinct owner_id) as owners
                 from editions group by pack_id) e on e.pack_id = p.id
      where p.sold_count <> coalesce(e.n, 0)
         or (p.sold_count > 0 and (e.lo <> 1 or e.hi <> p.sold_count or e.d <> p.sold_count or e.owners <> e.n))
         or p.likes <> (select count(*) from likes l where l.pack_id = p.id)
         or p.sold_count > p.max_supply`);
    expect(broken).toEqual([]);
    const badOrders = await rows(sql`
      select e.id from editions e join orders o on o.id = e.order_id join packs p on p.id = e.pack_id
      where o.status <> 'paid' or o.payment_method <> 'demo' or o.user_id <> e.owner_id or o.pack_id <> e.pack_id
         or o.amount_nano <> e.purchase_price_nano or e.purchase_price_nano <> p.price_nano or o.paid_at is null`);
    expect(badOrders).toEqual([]);
    expect(await count(sql`select count(*) as n from orders`)).toBe(
      await count(sql`select count(*) as n from editions`),
    );
  });

  it('writes each sale as a mint in the feed, so a pack that sold this week has a chart and a last sale', async () => {
    const unminted = await rows(sql`
      select e.id from editions e
      where not exists (select 1 from activity a where a.edition_id = e.id and a.type = 'mint'
                          and a.price_nano = e.purchase_price_nano and a.at = e.created_at and a.to_id = e.owner_id)`);
    expect(unminted).toEqual([]);
    const [recent] = await rows<{ id: number }>(sql`
      select p.id from packs p join editions e on e.pack_id = p.id
      where e.created_at > ${new Date(t.clock.now.getTime() - 7 * DAY_MS).toISOString()}::timestamptz
      order by p.id limit 1`);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/stickers/${recent!.id}` })).json();
    expect(detail.lastSale).toMatchObject({ price: detail.price });
    const history = (await t.app.inject({ method: 'GET', url: `/api/stickers/${recent!.id}/price-history` })).json();
    expect(history.points.length).toBeGreaterThan(0);
  });

  it('prices packs exactly as the catalogue says', async () => {
    const priced = await rows<{ title: string; price: string }>(
      sql`select title, price_nano::text as price from packs`,
    );
    for (const pack of SEED_PACKS) {
      expect(priced.find((row) => row.title === pack.title)?.price).toBe(parseTon(pack.price)!.toString());
    }
    expect(new Set(priced.map((row) => row.price)).size).toBeGreaterThan(10);
  });

  it('has a sold-out pack, an almost sold-out pack, new and old packs, and varied categories', async () => {
    expect(await count(sql`select count(*) as n from packs where sold_count = max_supply`)).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*) as n from packs where max_supply - sold_count = 1`)).toBeGreaterThanOrEqual(
      1,
    );
    const weekAgo = new Date(t.clock.now.getTime() - 7 * DAY_MS).toISOString();
    expect(
      await count(sql`select count(*) as n from packs where created_at > ${weekAgo}::timestamptz`),
    ).toBeGreaterThan(2);
    expect(
      await count(sql`select count(*) as n from packs where created_at < ${weekAgo}::timestamptz`),
    ).toBeGreaterThan(10);
    expect(await count(sql`select count(distinct category) as n from packs`)).toBe(8);
  });

  it('scores trending, so Home shows six trending packs led by recent sellers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stickers/trending/list' });
    const cards = TrendingResponse.parse(res.json());
    expect(cards).toHaveLength(6);
    expect(cards.every((card) => card.isTrending)).toBe(true);
    expect(cards[0]!.title).toBe('Mochi Feelings');
    const page = PackListResponse.parse((await t.app.inject({ method: 'GET', url: '/api/stickers?limit=100' })).json());
    expect(page.items.filter((card) => card.isNew).length).toBeGreaterThan(2);
    expect(page.items.filter((card) => card.isTrending)).toHaveLength(6);
  });

  it('seeds static, animated (TGS), video and custom emoji packs, each as its pack kind says', async () => {
    const packs = await rows<{ kind: string; animated: boolean; formats: string[] }>(sql`
      select p.kind, p.animated, array_agg(distinct s.format order by s.format) as formats
      from packs p join pack_stickers s on s.pack_id = p.id group by p.id`);
    const has = (kind: string, format: string) =>
      packs.filter((pack) => pack.kind === kind && pack.formats.join() === format);
    expect(has('stickers', 'animated').length).toBeGreaterThanOrEqual(1);
    expect(has('stickers', 'video').length).toBeGreaterThanOrEqual(1);
    expect(has('emoji', 'static').length).toBeGreaterThanOrEqual(1);
    expect(has('stickers', 'static').length).toBeGreaterThan(20);
    expect(packs.every((pack) => pack.animated === (pack.formats.join() !== 'static'))).toBe(true);
  });

  it('stores every sticker so that it passes our own upload checks, with its emoji and keywords', async () => {
    const stickers = await rows<{
      file_key: string;
      preview_key: string;
      format: string;
      kind: PackKind;
      emoji: string[];
      keywords: string[];
    }>(sql`
      select s.file_key, s.preview_key, s.format, p.kind, s.emoji, s.keywords
      from pack_stickers s join packs p on p.id = s.pack_id`);
    expect(stickers.length).toBe(SEED_PACKS.reduce((sum, pack) => sum + pack.stickers.length, 0));
    for (const sticker of stickers) {
      const file = (await t.storage.get(sticker.file_key))!;
      const info = await checkStickerUpload(file.bytes, sticker.kind);
      expect(info.format).toBe(sticker.format);
      const side = sticker.kind === 'emoji' ? EMOJI_SIZE_PX : STICKER_SIZE_PX;
      if (sticker.format === 'static') {
        expect([info.type, info.width, info.height]).toEqual(['webp', side, side]);
        expect((await sharp(file.bytes).metadata()).hasAlpha).toBe(true);
      } else if (sticker.format === 'animated') {
        expect(file.contentType).toBe('application/x-tgsticker');
        expect(file.bytes.length).toBeLessThanOrEqual(MAX_TGS_BYTES);
        await expect(readTgs(file.bytes, sticker.kind)).resolves.toMatchObject({ w: side, h: side });
      } else {
        expect(file.contentType).toBe('video/webm');
        expect(file.bytes.length).toBeLessThanOrEqual(MAX_VIDEO_STICKER_BYTES);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-video-'));
        fs.writeFileSync(path.join(dir, 'sticker.webm'), file.bytes);
        const video = await probeVideo({ file: path.join(dir, 'sticker.webm'), type: 'webm' });
        fs.rmSync(dir, { recursive: true });
        expect([video.width, video.height]).toEqual([side, side]);
        expect(video.fps).toBeLessThanOrEqual(MAX_VIDEO_FPS);
      }
      expect(parseStickerEmoji([sticker.emoji], 1)).toEqual([sticker.emoji]);
      expect(parseStickerKeywords([sticker.keywords], 1)).toEqual([sticker.keywords]);
      expect(sticker.keywords.length).toBeGreaterThan(0);
      expect((await sharp((await t.storage.get(sticker.preview_key))!.bytes).metadata()).format).toBe('webp');
    }
    const previews = await rows<{ preview_key: string; cover_key: string }>(
      sql`select preview_key, cover_key from packs`,
    );
    for (const { preview_key, cover_key } of previews) {
      expect((await sharp((await t.storage.get(preview_key))!.bytes).metadata()).format).toBe('webp');
      expect(await t.storage.get(cover_key)).not.toBeNull();
    }
  });
});

describeEachDatabase('seedBenchCatalogue', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  it('bulk-inserts a pageable catalogue with stickers and trending scores', async () => {
    await seedBenchCatalogue(t.db, 500, { now: t.clock.now });
    const counts = (
      await queryRows<Record<string, string | number>>(
        t.db,
        sql`select (select count(*) from packs) as packs, (select count(*) from pack_stickers) as stickers,
              (select count(*) from packs where trending_score > 0) as scored,
              (select count(distinct price_nano) from packs) as prices`,
      )
    )[0]!;
    expect(Number(counts.packs)).toBe(500);
    expect(Number(counts.stickers)).toBe(1_500);
    expect(Number(counts.scored)).toBeGreaterThan(400);
    expect(Number(counts.prices)).toBeGreaterThan(400);

    const seen = new Set<number>();
    let cursor: string | null = null;
    do {
      const url: string = `/api/stickers?sort=price_low&limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const page = PackListResponse.parse((await t.app.inject({ method: 'GET', url })).json());
      page.items.forEach((item) => seen.add(item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(500);

    const search = PackListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/stickers?search=galaxy&limit=100' })).json(),
    );
    expect(search.items.length).toBeGreaterThan(0);
    // Each found pack says "galaxy" in its title or description, or carries it as a tag.
    const tagged = await t.db
      .select({ id: tables.packs.id })
      .from(tables.packs)
      .where(sql`'galaxy' = any(${tables.packs.tags})`);
    const taggedIds = new Set(tagged.map((row) => row.id));
    const mentions = (item: (typeof search.items)[number]) =>
      `${item.title} ${item.description}`.toLowerCase().includes('galaxy') || taggedIds.has(item.id);
    expect(search.items.filter((item) => !mentions(item))).toEqual([]);
    expect(search.items.some((item) => !`${item.title} ${item.description}`.includes('galaxy'))).toBe(true);
  });
});
