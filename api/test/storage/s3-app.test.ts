import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePackResponse } from '@stickerdrop/shared';
import { FakeS3 } from '../fakes/s3.js';
import { buildTestApp, type TestApp } from '../helpers.js';
import { createCreator } from '../users.js';
import { file, makeImage, multipart, postPack, validFields } from '../features/create-pack/fixtures.js';
import { s3Storage } from '@stickerdrop/core/testing';

describe('the API on S3 storage', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await new FakeS3({
      bucket: 'stickers',
      region: 'auto',
      accessKeyId: 'key-id',
      secretAccessKey: 'the-bucket-secret',
    }).start();
    t = await buildTestApp({ storage: s3Storage({ endpoint: s3.endpoint, ...s3.credentials }) });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores an uploaded pack in the bucket and serves its files from there at /files/<key>', async () => {
    const creator = await createCreator(t);
    const body = await multipart(validFields, [
      { name: 'image', file: file(await makeImage('png', 600, 400), 'cat.png', 'image/png') },
    ]);
    const res = await postPack(t, creator.headers, body);
    expect(res.statusCode).toBe(201);
    const { sticker } = CreatePackResponse.parse(res.json());

    // One sticker, its preview and the card image in its four widths (srcset), each PUT signed and accepted
    // as WEBP, and the original as the PNG it was (the owners' archive); sent at once, so in any order.
    expect(s3.requests.map((r) => [r.method, r.contentType, r.status].join(' ')).sort()).toEqual([
      'PUT image/png 200',
      ...Array.from({ length: 6 }, () => 'PUT image/webp 200'),
    ]);
    expect(s3.objects.size).toBe(7);

    // The creator gets the full file as a signed link.
    const { fileUrl, previewUrl } = sticker.stickers[0]!;
    for (const url of [fileUrl!, previewUrl!, sticker.imageUrl!]) {
      const key = new URL(url, 'http://x').pathname.replace(/^\/files\//, '');
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(s3.objects.get(key)!.bytes)).toBe(true);
    }
    expect(s3.requests.filter((r) => r.method === 'GET').map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('answers 404 for a file the bucket does not have', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/previews/00000000-0000-0000-0000-000000000000.webp' });
    expect(res.statusCode).toBe(404);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', status: 404 });
  });
});
