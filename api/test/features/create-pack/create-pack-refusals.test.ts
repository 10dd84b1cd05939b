import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, RESALE_ERRORS, MAX_STICKERS_PER_PACK, MESSAGES } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import {
  file,
  makeImage,
  makeLargePng,
  makePixelBombPng,
  multipart,
  postPack,
  recordStorageWrites,
  validFields,
} from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** POST /api/stickers' refusals, in the order SPEC checks them, and that each one leaves nothing behind. */
describeEachDatabase('POST /api/stickers refusals', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    // One creator uploads every case here, far past the hourly upload limit a person needs.
    t = await buildTestApp({ kind, config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    creator = await createCreator(t, { firstName: 'Mia', username: 'mia_draws' });
    png = await makeImage('png', 600, 400);
  });
  afterAll(() => t.close());

  const packCount = async () => Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n);
  const pngFile = () => file(png, 'cat.png', 'image/png');

  /** Posts the form and checks the refusal changed nothing: no pack row and no stored file. */
  async function expectRefused(
    body: Awaited<ReturnType<typeof multipart>>,
    status: number,
    error: string,
    headers: Record<string, string> = creator.headers,
  ) {
    const before = await packCount();
    const written = recordStorageWrites(t);
    const res = await postPack(t, headers, body);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
    expect(written).toEqual([]);
    expect(await packCount()).toBe(before);
  }

  it('checks the image first: no image and no title → the image message', async () => {
    await expectRefused(await multipart({ price: '1' }), 400, MESSAGES.imageRequired);
  });

  it('treats the empty part a browser sends for "no file chosen" as no image', async () => {
    const body = await multipart({ title: '', price: '1' }, [
      { name: 'image', file: file(Buffer.alloc(0), '', 'application/octet-stream') },
    ]);
    await expectRefused(body, 400, MESSAGES.imageRequired);
  });

  it('checks the title second: a blank title with price 0 → the title message', async () => {
    const body = await multipart({ ...validFields, title: '   ', price: '0' }, [{ name: 'image', file: pngFile() }]);
    await expectRefused(body, 400, MESSAGES.titleRequired);
  });

  it.each(['0', '-1', 'abc', '0.001', '', '1e3', '2000000'])(
    'refuses the price %j with the price message',
    async (price) => {
      const body = await multipart({ ...validFields, price }, [{ name: 'image', file: pngFile() }]);
      await expectRefused(body, 400, MESSAGES.priceInvalid);
    },
  );

  it('refuses a missing price field with the price message', async () => {
    const body = await multipart({ title: 'No price' }, [{ name: 'image', file: pngFile() }]);
    await expectRefused(body, 400, MESSAGES.priceInvalid);
  });

  it.each([
    ['category', { category: 'weapons' }, API_ERRORS.invalidCategory],
    ['title length', { title: 'x'.repeat(81) }, API_ERRORS.titleTooLong],
    ['description length', { description: 'x'.repeat(1001) }, API_ERRORS.descriptionTooLong],
    ['tag count', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }, API_ERRORS.tooManyTags],
    ['tag length', { tags: `ok, ${'x'.repeat(33)}` }, API_ERRORS.tagTooLong],
    ['edition size 0', { maxSupply: '0' }, API_ERRORS.invalidMaxSupply],
    ['edition size 10001', { maxSupply: '10001' }, API_ERRORS.invalidMaxSupply],
    ['edition size 2.5', { maxSupply: '2.5' }, API_ERRORS.invalidMaxSupply],
    ['edition size "many"', { maxSupply: 'many' }, API_ERRORS.invalidMaxSupply],
    ['royalty 1001', { royaltyBps: '1001' }, RESALE_ERRORS.invalidRoyalty],
    ['royalty -1', { royaltyBps: '-1' }, RESALE_ERRORS.invalidRoyalty],
    ['royalty 2.5', { royaltyBps: '2.5' }, RESALE_ERRORS.invalidRoyalty],
  ])('refuses a bad %s after the SPEC rules', async (_name, override, error) => {
    const body = await multipart({ ...validFields, ...override }, [{ name: 'image', file: pngFile() }]);
    await expectRefused(body, 400, error);
  });

  it('puts the SPEC rules before our own limits: a bad category with price 0 → the price message', async () => {
    const body = await multipart({ ...validFields, category: 'weapons', price: '0' }, [
      { name: 'image', file: pngFile() },
    ]);
    await expectRefused(body, 400, MESSAGES.priceInvalid);
  });

  it('stops a file over 5 MB while it streams: 413, nothing stored, no pack', async () => {
    const big = await makeLargePng(6 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    await expectRefused(
      await multipart(validFields, [{ name: 'image', file: file(big, 'big.png', 'image/png') }]),
      413,
      MESSAGES.fileTooLarge,
    );
    // A good first image does not get stored when a later one is too large.
    await expectRefused(
      await multipart(validFields, [
        { name: 'image', file: pngFile() },
        { name: 'image', file: file(big, 'big.png', 'image/png') },
      ]),
      413,
      MESSAGES.fileTooLarge,
    );
  });

  it('decides the type by magic bytes: HTML named .png and sent as image/png → 415', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    await expectRefused(
      await multipart(validFields, [{ name: 'image', file: file(html, 'cat.png', 'image/png') }]),
      415,
      MESSAGES.imageRequired,
    );
  });

  it('accepts WEBP on the web form too, as a static sticker, and refuses what is no image', async () => {
    const webp = await makeImage('webp', 100, 100);
    const body = await multipart(validFields, [{ name: 'image', file: file(webp, 'cat.png', 'image/png') }]);
    const res = await postPack(t, creator.headers, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().sticker.stickers[0].format).toBe('static');
    await expectRefused(
      await multipart(validFields, [{ name: 'image', file: file(Buffer.from('<svg/>'), 'x.png', 'image/png') }]),
      415,
      MESSAGES.imageRequired,
    );
  });

  it('refuses a 20,000 × 20,000 PNG from its header, without decoding it', async () => {
    const bomb = makePixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20_000, 20_000]);
    // The same header over garbage pixel data (bytes 41 on are IDAT's data): a decode would call it
    // unreadable, as the next test shows for a garbage picture of allowed size.
    const garbage = Buffer.from(bomb).fill(0x5a, 41, bomb.length - 12);
    for (const [bytes, name] of [
      [bomb, 'bomb.png'],
      [garbage, 'garbage-bomb.png'],
    ] as const) {
      await expectRefused(
        await multipart(validFields, [{ name: 'image', file: file(bytes, name, 'image/png') }]),
        400,
        API_ERRORS.imageTooManyPixels,
      );
    }
  });

  it('refuses a PNG whose header is fine but whose pixels are garbage as unreadable', async () => {
    const broken = Buffer.from(png);
    broken.fill(0x5a, 60, broken.length - 12);
    await expectRefused(
      await multipart(validFields, [{ name: 'image', file: file(broken, 'broken.png', 'image/png') }]),
      400,
      API_ERRORS.imageUnreadable,
    );
  });

  it(`refuses more than ${MAX_STICKERS_PER_PACK} images`, async () => {
    const tiny = await makeImage('png', 16, 16);
    const files = Array.from({ length: MAX_STICKERS_PER_PACK + 1 }, (_, i) => ({
      name: 'image',
      file: file(tiny, `${i}.png`, 'image/png'),
    }));
    await expectRefused(await multipart(validFields, files), 400, API_ERRORS.tooManyFiles);
  });

  it('answers a request that is not multipart with the image message', async () => {
    const before = await packCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stickers',
      headers: creator.headers,
      payload: { title: 'JSON', price: '1' },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: MESSAGES.imageRequired },
    });
    expect(await packCount()).toBe(before);
  });

  it('refuses a signed-in non-creator with 403 before reading the (oversized) body', async () => {
    const collector = await createUser(t);
    const big = await makeLargePng(6 * 1024 * 1024);
    const body = await multipart(validFields, [{ name: 'image', file: file(big, 'big.png', 'image/png') }]);
    // 403, not 413: the body was never read.
    await expectRefused(body, 403, API_ERRORS.creatorsOnly, collector.headers);
  });

  it('refuses a signed-out caller with 401 before reading the body', async () => {
    const big = await makeLargePng(6 * 1024 * 1024);
    const body = await multipart(validFields, [{ name: 'image', file: file(big, 'big.png', 'image/png') }]);
    await expectRefused(body, 401, API_ERRORS.unauthorized, {});
    await expectRefused(body, 401, API_ERRORS.invalidToken, { authorization: 'Bearer forged.token.here' });
  });
});
