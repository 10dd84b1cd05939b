import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage } from '@stickerdrop/core/testing';
import { buildTestApp, type TestApp } from '../../helpers.js';

describe('GET /files/* with a name the server never makes, on disk storage', () => {
  let t: TestApp;
  let root: string;
  let reads = 0;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-files-'));
    const disk = diskStorage(root);
    // Every read that reaches the store is counted: a name that cannot be ours must not reach it.
    const storage = { ...disk, get: (key: string) => (reads++, disk.get(key)) };
    t = await buildTestApp({ storage });
    await disk.put('previews/kept.webp', Buffer.from('RIFF'), 'image/webp');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['a 5,000-character preview name', `previews/${'a'.repeat(5_000)}.webp`],
    ['a 300-character name in a folder', `previews/${'b'.repeat(150)}/${'c'.repeat(150)}.webp`],
    ['a 201-character name', `previews/${'d'.repeat(201 - 'previews/.webp'.length)}.webp`],
  ])('answers %s with 404 { error }, never reading the disk', async (_name, key) => {
    const before = reads;
    const res = await t.app.inject({ method: 'GET', url: `/files/${key}` });
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
      status: 404,
      body: { error: expect.any(String) },
    });
    expect(reads).toBe(before);
  });

  it('still serves a stored preview', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/previews/kept.webp' });
    expect(res.statusCode).toBe(200);
  });
});
