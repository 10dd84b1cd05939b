import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CARD_IMAGE_WIDTHS_PX, CreatePackResponse, PREVIEW_SIZE_PX, cardImageVariant } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, makeImage, multipart, postPack, recordStorageWrites, validFields } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** POST /api/stickers creating packs: what is stored, and the pack it answers; refusals are in create-pack-refusals. */
describeEachDatabase('POST /api/stickers', (kind) => {
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

  const pngFile = () => file(png, 'cat.png', 'image/png');

  it('creates a pack from PNG, JPEG and GIF files: 512 px WEBP stickers, a preview, rows, and the detail', async () => {
    const images = [
      file(png, 'cover.png', 'image/png'),
      file(await makeImage('jpeg', 300, 900, '#aa2200'), 'tall.jpg', 'image/jpeg'),
      file(await makeImage('gif', 200, 100, '#00aa22'), 'small.gif', 'image/gif'),
    ];
    const written = recordStorageWrites(t);
    const res = await postPack(
      t,
      creator.headers,
      await multipart(
        validFields,
        images.map((image) => ({ name: 'image', file: image })),
      ),
    );
    expect(res.statusCode).toBe(201);
    const { sticker } = CreatePackResponse.parse(res.json());

    const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, sticker.id));
    expect(pack).toMatchObject({
      creatorId: creator.id,
      title: 'Space Cats',
      description: 'Cats, in space.',
      category: 'animals',
      tags: ['cats', 'space'],
      priceNano: 1_500_000_000n,
      maxSupply: 250,
      soldCount: 0,
    });
    const rows = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, sticker.id))
      .orderBy(asc(tables.packStickers.position));
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
    expect(pack!.coverKey).toBe(rows[0]!.fileKey);
    // Full stickers are private keys; the card image and each sticker's preview are public ones.
    for (const key of rows.map((row) => row.fileKey)) expect(key).toMatch(/^packs\/[0-9a-f-]{36}\.webp$/);
    for (const key of [...rows.map((row) => row.previewKey!), pack!.previewKey!]) {
      expect(key).toMatch(/^previews\/[0-9a-f-]{36}\.webp$/);
    }
    // The originals are kept, private, for the owners' archive, each in the type it was uploaded in.
    expect(rows.map((row) => row.originalKey!.split('.').pop())).toEqual(['png', 'jpg', 'gif']);
    for (const row of rows) expect(row.originalKey).toMatch(/^originals\/[0-9a-f-]{36}\.(png|jpg|gif)$/);
    expect(new Set(written)).toEqual(
      new Set([
        ...rows.map((row) => row.fileKey),
        ...rows.map((row) => row.previewKey),
        ...rows.map((row) => row.originalKey),
        pack!.previewKey,
        // The card image's other widths, beside it (srcset).
        ...CARD_IMAGE_WIDTHS_PX.filter((width) => width !== PREVIEW_SIZE_PX).map((width) =>
          cardImageVariant(pack!.previewKey!, width),
        ),
      ]),
    );

    // Sizes follow each source's aspect ratio: 600×400 → 512×341, 300×900 → 171×512, 200×100 → 512×256.
    const expected = [
      [512, 341],
      [171, 512],
      [512, 256],
    ];
    for (const [i, row] of rows.entries()) {
      const stored = await t.storage.get(row.fileKey);
      expect(stored?.contentType).toBe('image/webp');
      const meta = await sharp(stored!.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBe(512);
      expect([meta.width, meta.height]).toEqual(expected[i]);
    }
    const preview = await t.storage.get(pack!.previewKey!);
    const previewMeta = await sharp(preview!.bytes).metadata();
    expect([previewMeta.format, previewMeta.width, previewMeta.height]).toEqual(['webp', 320, 320]);
    // Sticker previews: the sticker's shape, its longer side 192 px.
    for (const [i, row] of rows.entries()) {
      const meta = await sharp((await t.storage.get(row.previewKey!))!.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        ...expected[i]!.map((side) => Math.round((side * 192) / 512)),
      ]);
    }

    expect(sticker).toMatchObject({
      title: 'Space Cats',
      description: 'Cats, in space.',
      category: 'animals',
      tags: ['cats', 'space'],
      price: '1.50',
      maxSupply: 250,
      soldCount: 0,
      stickersCount: 3,
      // The creator gets the full files as signed links.
      stickers: rows.map((row) => ({
        previewUrl: `/files/${row.previewKey}`,
        fileUrl: expect.stringMatching(new RegExp(`^/files/${row.fileKey}\\?expires=\\d+&signature=[\\w-]+$`)),
      })),
      imageUrl: `/files/${pack!.previewKey}`,
      creator: { id: creator.id, name: 'Mia', username: 'mia_draws', stats: { totalStickers: 1, totalSales: 0 } },
      isOwned: false,
      downloadUrl: null,
      isNew: true,
    });
  });

  it('reads fields sent before the files and fills in the defaults', async () => {
    const res = await postPack(
      t,
      creator.headers,
      await multipart({ title: '  Lonely  ', price: '0.01' }, [{ name: 'image', file: pngFile() }], {
        fieldsFirst: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { sticker } = CreatePackResponse.parse(res.json());
    expect(sticker).toMatchObject({
      title: 'Lonely',
      description: '',
      category: 'general',
      tags: [],
      price: '0.01',
      maxSupply: 100,
      stickersCount: 1,
      royaltyBps: 500,
    });
  });

  it('takes the creator royalty in basis points (0–1000)', async () => {
    const fields = { title: 'Royal', price: '1', royaltyBps: '1000' };
    const res = await postPack(t, creator.headers, await multipart(fields, [{ name: 'image', file: pngFile() }]));
    expect(CreatePackResponse.parse(res.json()).sticker.royaltyBps).toBe(1000);
    const zero = await postPack(
      t,
      creator.headers,
      await multipart({ ...fields, royaltyBps: '0' }, [{ name: 'image', file: pngFile() }]),
    );
    expect(CreatePackResponse.parse(zero.json()).sticker.royaltyBps).toBe(0);
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    // A landscape JPEG whose EXIF says "rotate 90°": viewers show it portrait, and so must the sticker.
    const rotated = await sharp(await makeImage('jpeg', 400, 200))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-location' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const res = await postPack(
      t,
      creator.headers,
      await multipart(validFields, [{ name: 'image', file: file(rotated, 'photo.jpg', 'image/jpeg') }]),
    );
    expect(res.statusCode).toBe(201);
    const { sticker } = CreatePackResponse.parse(res.json());
    const stored = await t.storage.get(new URL(sticker.stickers[0]!.fileUrl!, 'http://x').pathname.slice(7));
    const meta = await sharp(stored!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([256, 512]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored!.bytes.includes('secret-location')).toBe(false);
  });
});
