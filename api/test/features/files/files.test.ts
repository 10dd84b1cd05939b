import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator } from '../../users.js';
import { eq } from 'drizzle-orm';
import { createPack, tables } from '@stickerdrop/core';
import { makeImage } from '../create-pack/fixtures.js';

describeEachDatabase('GET /files/*', (kind) => {
  let t: TestApp;
  let coverKey: string;
  let previewKey: string;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    const creator = await createCreator(t);
    const id = await createPack({ db: t.db, storage: t.storage }, creator.id, {
      images: [await makeImage('png', 300, 200)],
      title: 'Served',
      price: '1',
    });
    const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, id));
    coverKey = pack!.coverKey!;
    previewKey = pack!.previewKey!;
  });
  afterAll(() => t.close());

  it('serves a stored sticker with its type, nosniff, a year of immutable caching and an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${coverKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[\w-]{32}"$/);
    expect(res.rawPayload.equals((await t.storage.get(coverKey))!.bytes)).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('gives different files different ETags and answers a matching If-None-Match with 304', async () => {
    const cover = await t.app.inject({ method: 'GET', url: `/files/${coverKey}` });
    const preview = await t.app.inject({ method: 'GET', url: `/files/${previewKey}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['etag']).not.toBe(cover.headers['etag']);

    const again = await t.app.inject({
      method: 'GET',
      url: `/files/${coverKey}`,
      headers: { 'if-none-match': `W/"other", ${cover.headers['etag']}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await t.app.inject({
      method: 'GET',
      url: `/files/${coverKey}`,
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it.each([
    'packs/00000000-0000-0000-0000-000000000000.webp',
    'packs/../../etc/passwd',
    'packs/%2e%2e/secret.webp',
    'packs/evil.html',
    'Packs/UPPER.webp',
    '',
  ])('answers the unknown or invalid key %j with a JSON 404', async (key) => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: API_ERRORS.notFound });
  });
});
