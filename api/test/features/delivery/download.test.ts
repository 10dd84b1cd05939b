import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { createPack } from '@stickerdrop/core';
import { packSlug, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, createUser, type TestUser } from '../../users.js';
import { makeImage } from '../create-pack/fixtures.js';
import { lottieDocument, makeTgs, makeVideo } from '../create-pack/media-fixtures.js';
import { readZip } from './unzip.js';

describeEachDatabase('GET /api/stickers/:id/download', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let packId: number;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await createCreator(t);
    owner = await createUser(t);
    stranger = await createUser(t);
    const images = [
      await makeImage('png', 600, 300, '#ff0000'),
      await makeImage('jpeg', 300, 600, '#00ff00'),
      await makeImage('gif', 100, 100, '#0000ff'),
    ];
    packId = await createPack({ db: t.db, storage: t.storage }, creator.id, {
      images,
      title: 'Café Cats: Vol. 2!',
      price: '1.25',
    });
    await own(packId);
  });
  afterAll(() => t.close());

  /** Ownership is an edition row, written by the orders feature when an order is paid. */
  async function own(id: number) {
    const [order] = await t.db
      .insert(tables.orders)
      .values({
        userId: owner.id,
        packId: id,
        status: 'paid',
        paymentMethod: 'demo',
        amountNano: 1_250_000_000n,
        expiresAt: new Date(t.clock.now.getTime() + 60_000),
        paidAt: t.clock.now,
      })
      .returning({ id: tables.orders.id });
    await t.db.insert(tables.editions).values({
      packId: id,
      serial: 1,
      ownerId: owner.id,
      orderId: order!.id,
      purchasePriceNano: 1_250_000_000n,
    });
  }

  const download = (headers: Record<string, string>, id: number | string = packId) =>
    t.app.inject({ method: 'GET', url: `/api/stickers/${id}/download`, headers });

  it('gives an owner a zip of the pack’s 512 px WEBP stickers, named after the pack, in order, the originals and a manifest', async () => {
    const res = await download(owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cafe-cats-vol-2.zip"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const all = readZip(res.rawPayload);
    expect(all.map((entry) => entry.name)).toEqual([
      'cafe-cats-vol-2-01.webp',
      'cafe-cats-vol-2-02.webp',
      'cafe-cats-vol-2-03.webp',
      'originals/cafe-cats-vol-2-01.png',
      'originals/cafe-cats-vol-2-02.jpg',
      'originals/cafe-cats-vol-2-03.gif',
      'manifest.json',
    ]);
    const entries = all.slice(0, 3);
    const rows = await t.db
      .select({ fileKey: tables.packStickers.fileKey })
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, packId))
      .orderBy(asc(tables.packStickers.position));
    for (const [i, entry] of entries.entries()) {
      expect(entry.bytes.equals((await t.storage.get(rows[i]!.fileKey))!.bytes)).toBe(true);
      const meta = await sharp(entry.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBe(512);
    }
    // The colours prove the order: red cover first, then green, then blue.
    const { dominant } = await sharp(entries[1]!.bytes).stats();
    expect(dominant.g).toBeGreaterThan(200);
    expect(JSON.parse(all[6]!.bytes.toString('utf8'))).toEqual({
      title: 'Café Cats: Vol. 2!',
      kind: 'stickers',
      stickers: [1, 2, 3].map((n) => ({
        file: `cafe-cats-vol-2-0${n}.webp`,
        original: `originals/cafe-cats-vol-2-0${n}.${['png', 'jpg', 'gif'][n - 1]}`,
        format: 'static',
        emoji: ['🎨'],
        keywords: [],
      })),
    });
  });

  it('holds a mixed pack as Telegram takes it (WEBM, TGS, WEBP), the originals and a manifest', async () => {
    const gif = await makeVideo('gif', { width: 160, height: 120, fps: 10, seconds: 1 });
    const tgs = makeTgs(lottieDocument());
    const mixedId = await createPack({ db: t.db, storage: t.storage }, creator.id, {
      images: [gif, tgs, await makeImage('png', 200, 200)],
      title: 'Mixed',
      price: '1',
      emoji: JSON.stringify([['🎉'], ['🔥', '😎'], ['🐱']]),
      keywords: JSON.stringify([['party'], [], ['cat']]),
    });
    await own(mixedId);
    const res = await download(owner.headers, mixedId);
    expect(res.statusCode).toBe(200);
    const entries = readZip(res.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'mixed-01.webm',
      'mixed-02.tgs',
      'mixed-03.webp',
      'originals/mixed-01.gif',
      'originals/mixed-02.tgs',
      'originals/mixed-03.png',
      'manifest.json',
    ]);
    expect(entries[1]!.bytes.equals(tgs)).toBe(true);
    expect(entries[3]!.bytes.equals(gif)).toBe(true);
    expect(entries[0]!.bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const manifest = JSON.parse(entries[6]!.bytes.toString('utf8'));
    expect(manifest.stickers.map((s: Record<string, unknown>) => [s.file, s.format, s.emoji, s.keywords])).toEqual([
      ['mixed-01.webm', 'video', ['🎉'], ['party']],
      ['mixed-02.tgs', 'animated', ['🔥', '😎'], []],
      ['mixed-03.webp', 'static', ['🐱'], ['cat']],
    ]);
  });

  it('refuses a signed-in user who owns no edition, even the pack’s creator', async () => {
    for (const user of [stranger, creator]) {
      const res = await download(user.headers);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: { error: MESSAGES.downloadRequiresPurchase },
      });
    }
  });

  it('asks a signed-out caller to log in, and a caller with a bad token to refresh it', async () => {
    const signedOut = await download({});
    expect({ status: signedOut.statusCode, body: signedOut.json() }).toEqual({
      status: 401,
      body: { error: MESSAGES.downloadRequiresLogin },
    });
    const forged = await download({ authorization: 'Bearer not-a-token' });
    expect({ status: forged.statusCode, body: forged.json() }).toEqual({
      status: 401,
      body: { error: API_ERRORS.invalidToken },
    });
  });

  it('answers an unknown or impossible pack id with the not-found message', async () => {
    for (const id of [packId + 1000, 'abc', '0', '99999999999']) {
      const res = await download(owner.headers, id);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 404,
        body: { error: MESSAGES.packNotFound },
      });
    }
  });
});

it('slugs titles to safe ASCII file names', () => {
  expect(packSlug('Café Cats: Vol. 2!', 7)).toBe('cafe-cats-vol-2');
  expect(packSlug('Котики', 7)).toBe('pack-7');
  expect(packSlug('"quoted"\r\nheader', 7)).toBe('quoted-header');
  expect(packSlug('a'.repeat(100), 7)).toHaveLength(48);
});
