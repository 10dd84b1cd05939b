import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, PackListResponse } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator } from '../../users.js';
import { createPack } from '../orders/fixtures.js';
import { ownedEdition, putOnSale } from '../resale/fixtures.js';
import { insertPack } from './fixtures.js';

async function list(t: TestApp, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/stickers?${query}` });
  return { status: res.statusCode, body: res.json() };
}

/** The titles a query lists, in the order it lists them. */
async function ranked(t: TestApp, query: string): Promise<string[]> {
  const { status, body } = await list(t, `${query}&limit=100`);
  expect(status, JSON.stringify(body)).toBe(200);
  return PackListResponse.parse(body).items.map((item) => item.title);
}

const search = (t: TestApp, text: string, more = '') => ranked(t, `search=${encodeURIComponent(text)}${more}`);
const sorted = async (titles: Promise<string[]>) => (await titles).sort();

describeEachDatabase('GET /api/stickers: search that knows stickers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t, { username: 'inkwell' });
    const sticker = (fileKey: string, more: object = {}) => ({ fileKey, ...more });
    await insertPack(t.db, creator.id, {
      title: 'Whiskers',
      tags: ['cats'],
      price: '2',
      stickers: [sticker('w1.webp', { emoji: ['😻'], keywords: ['purr'] })],
    });
    await insertPack(t.db, creator.id, {
      title: 'Valentine',
      category: 'emotions',
      price: '5',
      stickers: [sticker('v1.webm', { emoji: ['❤️'], keywords: ['heart', 'love'], format: 'video' })],
    });
    await insertPack(t.db, creator.id, {
      title: 'Cats in Space',
      price: '1',
      stickers: [sticker('c1.tgs', { format: 'animated' })],
    });
    await insertPack(t.db, creator.id, { title: 'Sofa Life', description: 'Two cats on a sofa', price: '3' });
    await insertPack(t.db, creator.id, { title: 'Kittens Club', category: 'animals', price: '4' });
    await insertPack(t.db, creator.id, { title: 'Tiny Faces', kind: 'emoji', price: '0.5' });
  });
  afterAll(() => t.close());

  it('finds a pack by its tag, ranking a title match first, then tags, then the description', async () => {
    expect(await search(t, 'cats')).toEqual(['Cats in Space', 'Whiskers', 'Sofa Life']);
    expect(await search(t, 'CAT')).toEqual(['Cats in Space', 'Whiskers', 'Sofa Life']);
  });

  it("finds a pack by a sticker's emoji, with or without the emoji presentation selector", async () => {
    expect(await search(t, '😻')).toEqual(['Whiskers']);
    expect(await search(t, '❤')).toEqual(['Valentine']);
    expect(await search(t, '❤️')).toEqual(['Valentine']);
  });

  it("finds a pack by a sticker's keyword, and every word of a search must match", async () => {
    expect(await search(t, 'heart')).toEqual(['Valentine']);
    expect(await search(t, 'purr')).toEqual(['Whiskers']);
    expect(await search(t, 'heart purr')).toEqual([]);
  });

  it('finds a title through a typo, after every exact match', async () => {
    expect(await search(t, 'kitens')).toEqual(['Kittens Club']);
    expect(await search(t, 'club')).toEqual(['Kittens Club']);
  });

  it('keeps the sort asked for over relevance', async () => {
    expect(await search(t, 'cats', '&sort=price_high')).toEqual(['Sofa Life', 'Whiskers', 'Cats in Space']);
  });

  it('pages a ranked search with cursors, each pack once, in the one-page order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await list(t, `search=cats&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      const page = PackListResponse.parse(body);
      seen.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual(['Cats in Space', 'Whiskers', 'Sofa Life']);
  });

  it('filters by category, format and price', async () => {
    expect(await sorted(ranked(t, 'category=emotions'))).toEqual(['Valentine']);
    expect(await sorted(ranked(t, 'format=video'))).toEqual(['Valentine']);
    expect(await sorted(ranked(t, 'format=animated'))).toEqual(['Cats in Space']);
    expect(await sorted(ranked(t, 'format=static'))).toEqual(['Whiskers']);
    expect(await sorted(ranked(t, 'format=emoji'))).toEqual(['Tiny Faces']);
    expect(await sorted(ranked(t, 'minPrice=2&maxPrice=4'))).toEqual(['Kittens Club', 'Sofa Life', 'Whiskers']);
    expect(await sorted(ranked(t, 'maxPrice=0.5'))).toEqual(['Tiny Faces']);
    expect(await search(t, 'cats', '&maxPrice=2.5')).toEqual(['Cats in Space', 'Whiskers']);
  });

  it('refuses a filter it does not know with a 400 that names it', async () => {
    const refusals = {
      'format=gif': API_ERRORS.invalidFormatFilter,
      'category=space': API_ERRORS.invalidCategory,
      'availability=soon': API_ERRORS.invalidAvailability,
      'minPrice=cheap': API_ERRORS.invalidPriceFilter,
      'maxPrice=-1': API_ERRORS.invalidPriceFilter,
      'minPrice=5&maxPrice=1': API_ERRORS.invalidPriceRange,
      'sort=best': API_ERRORS.invalidSort,
    };
    for (const [query, error] of Object.entries(refusals)) {
      expect({ query, ...(await list(t, query)) }).toEqual({ query, status: 400, body: { error } });
    }
  });
});

describeEachDatabase('GET /api/stickers: availability', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    await createPack(t, { title: 'Gone', maxSupply: 5, soldCount: 5, priceNano: 1_000_000_000n });
    const listed = await ownedEdition(t, { pack: await createPack(t, { title: 'Listed', priceNano: 1_000_000_000n }) });
    expect((await putOnSale(t, listed.seller, listed.editionId, '7')).statusCode).toBe(201);
    await createPack(t, { title: 'Fresh', priceNano: 3_000_000_000n });
  });
  afterAll(() => t.close());

  it('lists what is still sold new, what is listed for resale, or both', async () => {
    expect(await sorted(ranked(t, 'availability=primary'))).toEqual(['Fresh', 'Listed']);
    expect(await sorted(ranked(t, 'availability=resale'))).toEqual(['Listed']);
    expect(await sorted(ranked(t, 'onResale=1'))).toEqual(['Listed']);
    expect(await sorted(ranked(t, 'availability=all'))).toEqual(['Fresh', 'Gone', 'Listed']);
  });

  it('bounds the price a buyer would pay: the pack price new, the listing price on resale', async () => {
    expect(await sorted(ranked(t, 'availability=resale&minPrice=5'))).toEqual(['Listed']);
    expect(await sorted(ranked(t, 'availability=resale&maxPrice=5'))).toEqual([]);
    expect(await sorted(ranked(t, 'availability=primary&minPrice=2'))).toEqual(['Fresh']);
    expect(await sorted(ranked(t, 'minPrice=5'))).toEqual(['Listed']);
    expect(await sorted(ranked(t, 'maxPrice=1'))).toEqual(['Listed']);
  });
});
