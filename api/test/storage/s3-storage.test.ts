import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type S3Settings } from '@stickerdrop/core';
import { s3Storage } from '@stickerdrop/core/testing';
import { FakeS3 } from '../fakes/s3.js';

describe('s3Storage', () => {
  let s3: FakeS3;
  let settings: S3Settings;
  beforeAll(async () => {
    s3 = await new FakeS3({
      bucket: 'stickers',
      region: 'eu-central-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'the-secret-only-the-two-sides-know',
    }).start();
    settings = { endpoint: s3.endpoint, ...s3.credentials };
  });
  afterAll(() => s3.close());
  beforeEach(() => {
    s3.objects.clear();
    s3.requests.length = 0;
  });

  it('puts a file path-style with its type, and gets the same bytes and type back', async () => {
    const storage = s3Storage(settings);
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]);
    await storage.put('packs/3f1c.webp', bytes, 'image/webp');
    expect(s3.requests).toEqual([
      { method: 'PUT', path: '/stickers/packs/3f1c.webp', contentType: 'image/webp', status: 200 },
    ]);
    expect(s3.objects.get('packs/3f1c.webp')).toEqual({ bytes, contentType: 'image/webp' });

    const stored = await storage.get('packs/3f1c.webp');
    expect(stored).toEqual({ bytes, contentType: 'image/webp' });
  });

  it('takes an endpoint with a trailing slash', async () => {
    const storage = s3Storage({ ...settings, endpoint: `${s3.endpoint}/` });
    await storage.put('a.png', Buffer.from('png'), 'image/png');
    expect(s3.requests.map((r) => [r.path, r.status])).toEqual([['/stickers/a.png', 200]]);
  });

  it('answers null for a key the bucket does not have', async () => {
    expect(await s3Storage(settings).get('packs/missing.webp')).toBeNull();
    expect(s3.requests.map((r) => r.status)).toEqual([404]);
  });

  it('never sends a key it would not have chosen', async () => {
    const storage = s3Storage(settings);
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('Invalid storage key');
    expect(await storage.get('../escape.webp')).toBeNull();
    expect(s3.requests).toEqual([]);
  });

  it('retries a 5xx and throws when the service keeps failing', async () => {
    const storage = s3Storage(settings, { retries: 1 });
    s3.fail(500, 2);
    await expect(storage.put('a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'S3 PUT a.webp failed: 500 InternalError',
    );
    s3.fail(500, 2);
    await expect(storage.get('a.webp')).rejects.toThrow('S3 GET a.webp failed: 500 InternalError');
    expect(s3.requests.map((r) => r.status)).toEqual([500, 500, 500, 500]);
  });

  it('gets through a single 5xx on its retry', async () => {
    const storage = s3Storage(settings);
    s3.fail(503);
    await storage.put('a.webp', Buffer.from('x'), 'image/webp');
    expect(s3.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('is refused with a wrong secret: a put throws, and a get throws rather than pretending the file is gone', async () => {
    await s3Storage(settings).put('kept.webp', Buffer.from('x'), 'image/webp');
    const storage = s3Storage({ ...settings, secretAccessKey: 'not-the-secret' });
    await expect(storage.put('a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'S3 PUT a.webp failed: 403 SignatureDoesNotMatch',
    );
    await expect(storage.get('kept.webp')).rejects.toThrow('S3 GET kept.webp failed: 403 SignatureDoesNotMatch');
    expect(s3.objects.has('a.webp')).toBe(false);
  });

  it('is refused when signing for another region or with an unknown key id', async () => {
    await expect(s3Storage({ ...settings, region: 'auto' }).get('a.webp')).rejects.toThrow(
      '400 AuthorizationHeaderMalformed',
    );
    await expect(s3Storage({ ...settings, accessKeyId: 'AKIDOTHER' }).get('a.webp')).rejects.toThrow(
      '403 InvalidAccessKeyId',
    );
  });

  it('throws for a bucket that does not exist instead of answering "no such file"', async () => {
    await expect(s3Storage({ ...settings, bucket: 'elsewhere' }).get('a.webp')).rejects.toThrow('404 NoSuchBucket');
  });
});
