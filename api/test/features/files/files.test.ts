import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, CARD_IMAGE_WIDTHS_PX, PackDetail, cardImageVariant } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { asc, eq } from 'drizzle-orm';
import { createPack } from '@stickerdrop/core';
import { makeImage } from '../create-pack/fixtures.js';
import { sellEdition } from '../packs/fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('GET /files/*', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let visitor: TestUser;
  let packId: number;
  let stickerKeys: string[];
  let stickerPreviewKeys: string[];
  let cardKey: string;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    owner = await createUser(t);
    visitor = await createUser(t);
    packId = await createPack({ db: t.db, storage: t.storage }, creator.id, {
      images: [await makeImage('png', 900, 600), await makeImage('png', 300, 600, '#ff0000')],
      title: 'Served',
      price: '1',
    });
    await sellEdition(t.db, packId, owner.id);
    const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, packId));
    const stickers = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
    cardKey = pack!.previewKey!;
    stickerKeys = stickers.map((sticker) => sticker.fileKey);
    stickerPreviewKeys = stickers.map((sticker) => sticker.previewKey!);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const detail = async (headers: Record<string, string> = {}) =>
    PackDetail.parse((await get(`/api/stickers/${packId}`, headers)).json());

  it('serves the card image and sticker previews to anyone, with nosniff, a year of caching and an ETag', async () => {
    for (const key of [cardKey, ...stickerPreviewKeys]) {
      const res = await get(`/files/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['etag']).toMatch(/^"[\w-]{32}"$/);
      expect(res.rawPayload.equals((await t.storage.get(key))!.bytes)).toBe(true);
    }
  });

  it('serves the card image at every width a srcset names, each file that wide', async () => {
    for (const width of CARD_IMAGE_WIDTHS_PX) {
      const res = await get(`/files/${cardImageVariant(cardKey, width)}`);
      expect(res.statusCode).toBe(200);
      const image = await sharp(res.rawPayload).metadata();
      expect([image.format, image.width, image.height]).toEqual(['webp', width, width]);
    }
  });

  it('answers a width a card image lacks (stored before widths) with the card image, and nothing for private keys', async () => {
    const narrow = cardImageVariant(cardKey, 160);
    const kept = (await t.storage.get(narrow))!;
    await t.storage.delete(narrow);
    try {
      const res = await get(`/files/${narrow}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals((await t.storage.get(cardKey))!.bytes)).toBe(true);
    } finally {
      await t.storage.put(narrow, kept.bytes, kept.contentType);
    }
    expect((await get(`/files/${cardImageVariant(cardKey.replace('.webp', '-none.webp'), 160)}`)).statusCode).toBe(404);
    expect((await get(`/files/${cardImageVariant(stickerKeys[0]!, 160)}`)).statusCode).toBe(403);
  });

  it("a sticker's preview is reduced: longer side 192 px, against the full file's 512", async () => {
    const { stickers } = await detail();
    const sizes = await Promise.all(
      stickers.map(async (sticker) => {
        const meta = await sharp((await get(sticker.previewUrl!)).rawPayload).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [192, 128],
      [96, 192],
    ]);
    const full = await sharp((await t.storage.get(stickerKeys[0]!))!.bytes).metadata();
    expect([full.width, full.height]).toEqual([512, 341]);
  });

  it('refuses a full sticker file without a signature with 403, to visitors and signed-in users alike', async () => {
    for (const key of stickerKeys) {
      for (const headers of [{}, visitor.headers, owner.headers]) {
        const res = await get(`/files/${key}`, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: API_ERRORS.fileLinkInvalid });
      }
    }
  });

  it("serves a full file through the owner's signed link, privately and only while it works", async () => {
    const { stickers } = await detail(owner.headers);
    const res = await get(stickers[0]!.fileUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals((await t.storage.get(stickerKeys[0]!))!.bytes)).toBe(true);
    expect(res.headers['cache-control']).toBe(`private, max-age=${t.config.fileUrlTtlSeconds}`);
  });

  it('refuses an altered link: another key, another expiry, another signature', async () => {
    const { stickers } = await detail(owner.headers);
    const url = new URL(stickers[0]!.fileUrl!, 'http://x');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    for (const altered of [
      `/files/${stickerKeys[1]}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `${url.pathname}?expires=${expires}&signature=${flipped}`,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}?expires=${expires}&signature=${signature}&signature=${signature}`,
    ]) {
      const res = await get(altered);
      expect(res.statusCode, altered).toBe(403);
      expect(res.json()).toEqual({ error: API_ERRORS.fileLinkInvalid });
    }
  });

  it('signs anew each second: the links kept for one second are not given out later', async () => {
    const first = (await detail(owner.headers)).stickers[0]!.fileUrl!;
    expect((await detail(owner.headers)).stickers[0]!.fileUrl).toBe(first);
    t.clock.advance(1_000);
    const later = (await detail(owner.headers)).stickers[0]!.fileUrl!;
    expect(new URL(later, 'http://x').searchParams.get('expires')).toBe(
      String(Number(new URL(first, 'http://x').searchParams.get('expires')) + 1),
    );
    expect((await get(later)).statusCode).toBe(200);
  });

  it('refuses a link once it has expired', async () => {
    const { stickers } = await detail(owner.headers);
    t.clock.advance((t.config.fileUrlTtlSeconds - 1) * 1000);
    expect((await get(stickers[1]!.fileUrl!)).statusCode).toBe(200);
    t.clock.advance(2_000);
    const res = await get(stickers[1]!.fileUrl!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: API_ERRORS.fileLinkInvalid });
  });

  it('gives different files different ETags and answers a matching If-None-Match with 304', async () => {
    const card = await get(`/files/${cardKey}`);
    const preview = await get(`/files/${stickerPreviewKeys[0]}`);
    expect(preview.headers['etag']).not.toBe(card.headers['etag']);

    const again = await get(`/files/${cardKey}`, { 'if-none-match': `W/"other", ${card.headers['etag']}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await get(`/files/${cardKey}`, { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
  });

  it.each([
    'previews/00000000-0000-0000-0000-000000000000.webp',
    'packs/../../etc/passwd',
    'packs/evil.html',
    'Packs/UPPER.webp',
    '',
  ])('answers the unknown or invalid key %j with a JSON 404', async (key) => {
    const res = await get(`/files/${key}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: API_ERRORS.notFound });
  });

  it('refuses an encoded path climbing out of packs/ (the router resolves it to a private key)', async () => {
    const res = await get('/files/packs/%2e%2e/secret.webp');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: API_ERRORS.fileLinkInvalid });
  });
});
