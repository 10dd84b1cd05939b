import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_ERRORS, DEFAULT_PAGE_SIZE, PackListResponse, type PackCard, type Sort } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { DAY_MS, insertPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

async function list(t: TestApp, query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/stickers${query}`, headers });
  return { status: res.statusCode, body: res.json() };
}

const cursorOf = (json: string) => Buffer.from(json).toString('base64url');

async function titles(t: TestApp, search: string): Promise<string[]> {
  const { status, body } = await list(t, `?search=${encodeURIComponent(search)}&limit=100`);
  expect(status).toBe(200);
  return (PackListResponse.parse(body).items as PackCard[]).map((item) => item.title).sort();
}

describeEachDatabase('GET /api/stickers: search', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const paws = await createCreator(t, { username: 'PixelPaws', firstName: 'Zed', displayName: 'Moon Fox' });
    const other = await createCreator(t, { username: 'other' });
    await insertPack(t.db, other.id, { title: 'Space Cats' });
    await insertPack(t.db, other.id, { title: 'Odyssey', description: 'A SPACE journey' });
    await insertPack(t.db, paws.id, { title: 'Dogs', description: 'Good boys' });
    await insertPack(t.db, other.id, { title: 'Trees', category: 'nature', tags: ['space', 'zed'] });
    await insertPack(t.db, other.id, { title: '100% cute' });
    await insertPack(t.db, other.id, { title: 'snake_case' });
    await insertPack(t.db, other.id, { title: 'the cat', description: 'back\\slash' });
  });
  afterAll(() => t.close());

  it('matches title, description and tags case-insensitively', async () => {
    expect(await titles(t, 'space')).toEqual(['Odyssey', 'Space Cats', 'Trees']);
    expect(await titles(t, 'SpAcE')).toEqual(['Odyssey', 'Space Cats', 'Trees']);
  });

  it("matches the creator's username and the tags, and not the creator's names or the category", async () => {
    expect(await titles(t, 'pixelPAWS')).toEqual(['Dogs']);
    expect(await titles(t, 'paws')).toEqual(['Dogs']);
    expect(await titles(t, 'zed')).toEqual(['Trees']);
    expect(await titles(t, 'moon fox')).toEqual([]);
    expect(await titles(t, 'nature')).toEqual([]);
  });

  it('treats LIKE wildcards and backslashes as plain text', async () => {
    expect(await titles(t, '%')).toEqual(['100% cute']);
    expect(await titles(t, '_')).toEqual(['snake_case']);
    expect(await titles(t, 'e_c')).toEqual(['snake_case']);
    expect(await titles(t, '\\')).toEqual(['the cat']);
  });

  it('ignores surrounding spaces and lists everything for an empty search', async () => {
    expect(await titles(t, '  cats  ')).toEqual(await titles(t, 'cats'));
    expect(await titles(t, '  cats  ')).toContain('Space Cats');
    expect(await titles(t, '')).toHaveLength(7);
  });
});

describeEachDatabase('GET /api/stickers: sorting and pages', (kind) => {
  let t: TestApp;
  let viewer: TestUser;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t, { firstName: 'Ann', displayName: null });
    viewer = await createUser(t);
    const base = t.clock.now.getTime() - 30 * DAY_MS;
    // 30 packs in ties: 3 prices, 5 creation times, 4 trending scores, so every sort needs its tie-breaker.
    for (let i = 0; i < 30; i++) {
      ids.push(
        await insertPack(t.db, creator.id, {
          title: `Pack ${i}`,
          price: ['0.5', '1.25', '3'][i % 3],
          createdAt: new Date(base + (i % 5) * DAY_MS),
        }),
      );
    }
    await t.db.execute(sql`update packs set trending_score = (id % 4) * 1.1`);
    // Microsecond-apart creation times: a cursor rounded to milliseconds would skip or repeat these.
    await t.db.execute(sql`update packs set created_at = created_at + (id % 3) * interval '1 microsecond'`);
    await t.db.insert(tables.likes).values({ userId: viewer.id, packId: ids[0]! });
  });
  afterAll(() => t.close());

  /** The order each sort must produce, computed here from the raw rows. */
  async function expectedOrder(sort: Sort): Promise<number[]> {
    const rows = (await t.db.execute(
      sql`select id, price_nano::text as price, trending_score as score,
            ((extract(epoch from created_at) * 1000000)::bigint)::text as created from packs`,
    )) as unknown as { rows: { id: number; price: string; score: number; created: string }[] };
    const cmp = (a: bigint | number, b: bigint | number) => (a < b ? -1 : a > b ? 1 : 0);
    const sorted = rows.rows.map((row) => ({ ...row, id: Number(row.id), score: Number(row.score) }));
    sorted.sort((a, b) => {
      switch (sort) {
        case 'trending':
          return cmp(b.score, a.score) || cmp(b.id, a.id);
        case 'newest':
          return cmp(BigInt(b.created), BigInt(a.created)) || cmp(b.id, a.id);
        case 'price_low':
          return cmp(BigInt(a.price), BigInt(b.price)) || cmp(a.id, b.id);
        case 'price_high':
          return cmp(BigInt(b.price), BigInt(a.price)) || cmp(b.id, a.id);
      }
    });
    return sorted.map((row) => row.id);
  }

  async function walk(sort: Sort, limit: number): Promise<{ ids: number[]; pages: number }> {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await list(t, query);
      expect(status).toBe(200);
      const page = PackListResponse.parse(body);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { ids: seen, pages };
  }

  it.each(['trending', 'newest', 'price_low', 'price_high'] as Sort[])(
    'sort %s: every pack exactly once, in order, across pages',
    async (sort) => {
      const expected = await expectedOrder(sort);
      const { ids: seen, pages } = await walk(sort, 7);
      expect(pages).toBe(5);
      expect(new Set(seen).size).toBe(30);
      expect(seen).toEqual(expected);
    },
  );

  it('sorts by trending when no sort is given, 24 a page', async () => {
    const { body } = await list(t, '');
    const page = PackListResponse.parse(body);
    expect(page.items.map((item) => item.id)).toEqual((await expectedOrder('trending')).slice(0, DEFAULT_PAGE_SIZE));
    expect(page.nextCursor).not.toBeNull();
  });

  it('the price sorts really order by price', async () => {
    const low = PackListResponse.parse((await list(t, '?sort=price_low&limit=100')).body).items;
    const prices = low.map((item) => Number(item.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(low[0]!.price).toBe('0.50');
    const high = PackListResponse.parse((await list(t, '?sort=price_high&limit=100')).body).items;
    expect(high[0]!.price).toBe('3.00');
  });

  it('returns no cursor on the last page', async () => {
    const page = PackListResponse.parse((await list(t, '?limit=30')).body);
    expect(page.items).toHaveLength(30);
    expect(page.nextCursor).toBeNull();
  });

  it('fills card fields and marks the caller favourites', async () => {
    const anonymous = PackListResponse.parse((await list(t, '?limit=100')).body).items;
    expect(anonymous.every((item) => !item.isFavorite)).toBe(true);
    const mine = PackListResponse.parse((await list(t, '?limit=100', viewer.headers)).body).items;
    expect(mine.filter((item) => item.isFavorite).map((item) => item.id)).toEqual([ids[0]]);
    const card = mine.find((item) => item.id === ids[0])!;
    expect(card.creator.name).toBe('Ann');
    expect(card.imageUrl).toBe('/files/test/preview.webp');
    expect(card.previewUrl).toBe(card.imageUrl);
    expect(card.isNew).toBe(false);
  });

  it.each([
    ['a garbage cursor', '?cursor=nope'],
    ['a cursor that is not JSON', `?cursor=${Buffer.from('{x').toString('base64url')}`],
    [
      'a cursor with a wrong key type',
      `?sort=price_low&cursor=${Buffer.from('["price_low",1.5,3]').toString('base64url')}`,
    ],
    [
      'a cursor with SQL in its key',
      `?sort=newest&cursor=${Buffer.from('["newest","1; drop",3]').toString('base64url')}`,
    ],
    ['a trending key beyond float4', `?cursor=${cursorOf('["trending",1e300,3]')}`],
    ['a price key beyond bigint', `?sort=price_low&cursor=${cursorOf('["price_low","99999999999999999999",3]')}`],
    ['a time key beyond timestamps', `?sort=newest&cursor=${cursorOf('["newest","99999999999999999",3]')}`],
    ['an id beyond integer', `?sort=newest&cursor=${cursorOf('["newest","1",99999999999]')}`],
    ['a fractional id', `?sort=newest&cursor=${cursorOf('["newest","1",1.5]')}`],
  ])('rejects %s with 400', async (_name, query) => {
    const { status, body } = await list(t, query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: API_ERRORS.invalidCursor });
  });

  it("rejects another sort's cursor with 400", async () => {
    const first = PackListResponse.parse((await list(t, '?sort=newest&limit=5')).body);
    const { status, body } = await list(t, `?sort=price_low&cursor=${first.nextCursor}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: API_ERRORS.invalidCursor });
  });

  it.each(['?sort=popular', '?sort=', '?limit=0', '?limit=101', '?limit=abc', '?limit=2.5'])(
    'rejects %s with 400',
    async (query) => {
      const { status, body } = await list(t, query);
      expect(status).toBe(400);
      expect(typeof body.error).toBe('string');
    },
  );

  it('names the unknown sort in its error', async () => {
    expect((await list(t, '?sort=popular')).body.error).toBe(API_ERRORS.invalidSort);
  });

  it('answers an expired or forged token with 401', async () => {
    const { status } = await list(t, '', { authorization: 'Bearer forged' });
    expect(status).toBe(401);
  });
});

describeEachDatabase('GET /api/stickers: new packs', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
  });
  afterAll(() => t.close());

  it('marks packs listed within the last 7 days as new', async () => {
    const creator = await createCreator(t);
    const now = t.clock.now.getTime();
    await insertPack(t.db, creator.id, { title: 'fresh', createdAt: new Date(now - 6 * DAY_MS) });
    await insertPack(t.db, creator.id, { title: 'old', createdAt: new Date(now - 8 * DAY_MS) });
    const items = PackListResponse.parse((await list(t, '?sort=newest')).body).items;
    expect(items.map((item) => [item.title, item.isNew])).toEqual([
      ['fresh', true],
      ['old', false],
    ]);
  });

  it('shows an empty catalogue as an empty page', async () => {
    const { body } = await list(t, '?search=nothing-matches');
    expect(body).toEqual({ items: [], nextCursor: null });
  });
});
