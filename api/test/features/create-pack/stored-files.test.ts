import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CARD_IMAGE_WIDTHS_PX } from '@stickerdrop/shared';
import { createPack, makeMissingPreviews, renderSticker } from '@stickerdrop/core';
import { diskStorage, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { makeImage } from './fixtures.js';
import { insertPack } from '../packs/fixtures.js';

/** Every file under `root`, as storage keys. */
const filesIn = (root: string) =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

describeEachDatabase('stored files of a pack', (kind) => {
  let t: TestApp;
  let root: string;
  let creator: TestUser;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-files-'));
    t = await buildTestApp({ kind, storage: diskStorage(root) });
    creator = await createCreator(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('leaves no file behind when the insert fails in the database', async () => {
    const before = filesIn(root);
    const images = [await makeImage('png', 400, 300), await makeImage('jpeg', 200, 300)];
    // No such user: the packs row breaks its foreign key in Postgres, after every image was stored.
    const error = await createPack({ db: t.db, storage: t.storage }, 987_654_321, {
      images,
      title: 'Orphans',
      price: '1',
    }).catch((caught: unknown) => caught);
    expect(String((error as Error & { cause?: unknown }).cause ?? error)).toMatch(/foreign key/);
    expect(filesIn(root)).toEqual(before);
    expect(Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n)).toBe(0);

    // The same upload by a real creator stores its files: two stickers, two previews, two originals, the
    // card at each of its widths.
    await createPack({ db: t.db, storage: t.storage }, creator.id, { images, title: 'Kept', price: '1' });
    expect(filesIn(root).length).toBe(before.length + 6 + CARD_IMAGE_WIDTHS_PX.length);
  });

  it('makes the previews an older pack lacks, once, from its stored files, and skips a missing file', async () => {
    const sticker = await renderSticker(await makeImage('png', 800, 400));
    await t.storage.put('packs/old-1.webp', sticker, 'image/webp');
    await t.storage.put('packs/old-card.webp', sticker, 'image/webp');
    const packId = await insertPack(t.db, creator.id, { previewKey: 'packs/old-card.webp' });
    await t.db.update(tables.packs).set({ coverKey: 'packs/old-1.webp' }).where(eq(tables.packs.id, packId));
    await t.db.insert(tables.packStickers).values([
      { packId, position: 1, fileKey: 'packs/old-1.webp' },
      { packId, position: 2, fileKey: 'packs/gone.webp' },
    ]);

    const warnings: unknown[] = [];
    const made = await makeMissingPreviews({ db: t.db, storage: t.storage, log: { warn: (o) => warnings.push(o) } });
    expect(made).toBe(2);
    expect(warnings).toEqual([{ key: 'packs/gone.webp' }]);

    const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, packId));
    expect(pack!.previewKey).toMatch(/^previews\/[0-9a-f-]{36}\.webp$/);
    const rows = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
    expect(rows[0]!.previewKey).toMatch(/^previews\/[0-9a-f-]{36}\.webp$/);
    expect(rows[1]!.previewKey).toBeNull();

    const card = await sharp((await t.storage.get(pack!.previewKey!))!.bytes).metadata();
    expect([card.width, card.height]).toEqual([320, 320]);
    const preview = await sharp((await t.storage.get(rows[0]!.previewKey!))!.bytes).metadata();
    expect([preview.width, preview.height]).toEqual([192, 96]);
    // Served to anyone now, as the detail says.
    const res = await t.app.inject({ method: 'GET', url: `/files/${rows[0]!.previewKey}` });
    expect(res.statusCode).toBe(200);

    // A second run (the next start) has nothing left but the missing file.
    expect(await makeMissingPreviews({ db: t.db, storage: t.storage })).toBe(0);
  });
});
