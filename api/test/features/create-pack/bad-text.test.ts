import zlib from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, controlCharactersIn, CreatePackResponse } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { buildTestApp, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, makeImage, multipart, postPack, recordStorageWrites, validFields } from './fixtures.js';
import { lottieDocument } from './media-fixtures.js';

/** A Lottie whose first layer carries `depth` arrays, one inside the other. */
function deepTgs(depth: number): Buffer {
  const document = lottieDocument();
  const json = JSON.stringify(document).replace(
    '"nm":"box"',
    `"nm":"box","x":${'['.repeat(depth)}${']'.repeat(depth)}`,
  );
  return zlib.gzipSync(json);
}

describe('bad text and a nested TGS are refused with a 400 before any conversion', () => {
  let t: TestApp;
  let creator: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({ config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
    png = await makeImage('png', 64, 64);
  });
  afterAll(() => t.close());

  const packCount = async () => Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n);
  const send = async (fields: Record<string, string>, bytes = png, name = 'a.png') =>
    postPack(
      t,
      creator.headers,
      await multipart({ ...validFields, ...fields }, [{ name: 'image', file: file(bytes, name, 'image/png') }]),
    );

  it.each([
    ['a NUL in a keyword', { keywords: JSON.stringify([['cat\u0000']]) }, controlCharactersIn('Keywords')],
    [
      'a direction override in a keyword',
      { keywords: JSON.stringify([['\u202Egnp.exe']]) },
      controlCharactersIn('Keywords'),
    ],
    ['a zero-width space in a keyword', { keywords: JSON.stringify([['c\u200Bat']]) }, controlCharactersIn('Keywords')],
    [
      'a joiner outside any emoji in a keyword',
      { keywords: JSON.stringify([['c\u200Dat']]) },
      controlCharactersIn('Keywords'),
    ],
    ['a direction override in the title', { title: 'Cats \u202Eexe.txt' }, controlCharactersIn('Title')],
    ['an isolate in the description', { description: 'a \u2066b\u2069' }, controlCharactersIn('Description')],
    ['a word joiner in a tag', { tags: 'ca\u2060ts' }, controlCharactersIn('Tags')],
    ['a byte-order mark in the title', { title: 'Ca\uFEFFts' }, controlCharactersIn('Title')],
  ])('%s: 400, no conversion ran, nothing stored', async (_name, fields, error) => {
    const before = await packCount();
    const written = recordStorageWrites(t);
    const res = await send(fields);
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({ status: 400, body: { error } });
    expect(t.app.deps.imagePool.peakActive).toBe(0);
    expect(written).toEqual([]);
    expect(await packCount()).toBe(before);
  });

  it('refuses a TGS nested 5,000 deep with a 400, not a stack overflow', async () => {
    const written = recordStorageWrites(t);
    const res = await send({}, deepTgs(5_000), 'deep.tgs');
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
      status: 400,
      body: { error: API_ERRORS.tgsTooDeep },
    });
    expect(written).toEqual([]);
  });

  it('keeps the joiners and selectors that emoji are made of, in emoji and in free text', async () => {
    const res = await send({
      title: 'Dev 👨‍💻 and ❤️',
      emoji: JSON.stringify([['👨‍👩‍👧', '🏳️‍🌈', '❤️']]),
      keywords: JSON.stringify([['family 👨‍👩‍👧']]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sticker = CreatePackResponse.parse(res.json()).sticker;
    expect(sticker.title).toBe('Dev 👨‍💻 and ❤️');
    expect(sticker.stickers[0]).toMatchObject({ emoji: ['👨‍👩‍👧', '🏳️‍🌈', '❤️'], keywords: ['family 👨‍👩‍👧'] });
  });
});
