import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, MAX_UPLOAD_BYTES } from '@stickerdrop/shared';
import { testConfig } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, makeImage, makeLargePng, multipart, postPack, recordStorageWrites, validFields } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('POST /api/stickers: limits per upload and per process', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      kind,
      config: {
        uploads: { maxBytesPerRequest: MAX_UPLOAD_BYTES, maxPixelsPerRequest: 3_000_000, concurrency: 1, maxQueued: 0 },
        rateLimits: testConfig().rateLimits,
      },
    });
    creator = await createCreator(t);
  });
  afterAll(() => t.close());

  const packCount = async () => Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n);
  const images = (...bytes: Buffer[]) =>
    bytes.map((b, i) => ({ name: 'image', file: file(b, `${i}.png`, 'image/png') }));

  async function expectRefused(body: Awaited<ReturnType<typeof multipart>>, status: number, error: string) {
    const before = await packCount();
    const written = recordStorageWrites(t);
    const res = await postPack(t, creator.headers, body);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { error } });
    expect(written).toEqual([]);
    expect(await packCount()).toBe(before);
    return res;
  }

  it('refuses images whose pixels together pass UPLOAD_MAX_PIXELS with a 400, read from their headers', async () => {
    const square = await makeImage('png', 1300, 1300);
    await expectRefused(await multipart(validFields, images(square, square)), 400, API_ERRORS.uploadTooManyPixels);
    // One of them is within the budget.
    expect((await postPack(t, creator.headers, await multipart(validFields, images(square)))).statusCode).toBe(201);
  });

  it('refuses files that together pass UPLOAD_MAX_BYTES_PER_REQUEST with a 413', async () => {
    const noise = await makeLargePng(MAX_UPLOAD_BYTES * 0.6);
    await expectRefused(await multipart(validFields, images(noise, noise)), 413, API_ERRORS.uploadTooLarge);
  });

  it('answers 503 with Retry-After when every turn of the image pool is taken and its queue is full', async () => {
    let release!: () => void;
    const held = t.app.deps.imagePool.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const res = await expectRefused(
        await multipart(validFields, images(await makeImage('png', 300, 300))),
        503,
        API_ERRORS.uploadsBusy,
      );
      expect(res.headers['retry-after']).toBe('30');
    } finally {
      release();
      await held;
    }
    const after = await postPack(
      t,
      creator.headers,
      await multipart(validFields, images(await makeImage('png', 300, 300))),
    );
    expect(after.statusCode).toBe(201);
    expect(t.app.deps.imagePool.peakActive).toBe(1);
  });
});
