import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, loadConfig } from '@stickerdrop/core';
import { FakeS3 } from '../fakes/s3.js';

describe('createStorage', () => {
  let s3: FakeS3;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await new FakeS3({
      bucket: 'stickers',
      region: 'auto',
      accessKeyId: 'key-id',
      secretAccessKey: 's3cret',
    }).start();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-storage-'));
  });
  afterAll(async () => {
    await s3.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps files in DATA_DIR/files when S3 is not configured', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: dataDir }));
    await storage.put('packs/a.webp', Buffer.from('webp'), 'image/webp');
    expect(await fs.readFile(path.join(dataDir, 'files/packs/a.webp'), 'utf8')).toBe('webp');
    expect(s3.requests).toEqual([]);
  });

  it('uses the bucket when S3_* is configured, and nothing goes to DATA_DIR', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'stickers',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 's3cret',
    });
    const storage = createStorage(config);
    await storage.put('packs/b.webp', Buffer.from('webp'), 'image/webp');
    expect(s3.objects.get('packs/b.webp')?.contentType).toBe('image/webp');
    expect(await storage.get('packs/b.webp')).toEqual({ bytes: Buffer.from('webp'), contentType: 'image/webp' });
    await expect(fs.access(path.join(dataDir, 'files/packs/b.webp'))).rejects.toThrow('ENOENT');
  });
});
