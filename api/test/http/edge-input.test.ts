import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, controlCharactersIn } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, rateLimitsWith, type TestApp } from '../helpers.js';
import { createCreator, createUser, type TestUser } from '../users.js';
import { file, makeImage, multipart, postPack, validFields } from '../features/create-pack/fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/**
 * Input Postgres itself would refuse (NUL in text, a number past an `integer` column) is a 400 with a
 * sentence, before any query: a failed query would answer 500.
 */
describeEachDatabase('input a database cannot hold', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ kind, config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    user = await createUser(t);
    creator = await createCreator(t);
  });
  afterAll(() => t.close());

  const rows = async (table: typeof tables.packs | typeof tables.orders) =>
    Number((await t.db.select({ n: count() }).from(table))[0]!.n);

  it('refuses a NUL byte in the catalogue search', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stickers?search=cats%00' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: controlCharactersIn('Search') },
    });
  });

  it('answers a path that is not valid percent-encoding with 400 { error }, like every other refusal', async () => {
    for (const url of ['/api/stickers/%', '/api/editions/%zz', '/files/%']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: { error: API_ERRORS.invalidRequest },
      });
    }
  });

  it.each([
    ['displayName', 'Display name'],
    ['bio', 'Bio'],
    ['website', 'Website'],
  ])('refuses a NUL byte in the profile’s %s and changes nothing', async (field, label) => {
    const value = field === 'website' ? 'https://example.com/a\u0000b' : 'Ada\u0000';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: user.headers,
      payload: { [field]: value },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: controlCharactersIn(label) },
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers });
    expect(profile.json()).toMatchObject({ displayName: expect.not.stringContaining('\u0000'), bio: '' });
  });

  it('refuses a control character in the display name of a new creator', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/become-creator',
      headers: user.headers,
      payload: { displayName: 'Ada\u001b[31m' },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: controlCharactersIn('Display name') },
    });
  });

  it.each([
    ['title', 'Title'],
    ['description', 'Description'],
    ['tags', 'Tags'],
  ])('refuses a NUL byte in a new pack’s %s and stores no pack', async (field, label) => {
    const before = await rows(tables.packs);
    const image = file(await makeImage('png', 64, 64), 'cat.png', 'image/png');
    const body = await multipart({ ...validFields, [field]: 'Space\u0000Cats' }, [{ name: 'image', file: image }]);
    const res = await postPack(t, creator.headers, body);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: controlCharactersIn(label) },
    });
    expect(await rows(tables.packs)).toBe(before);
  });

  it.each([
    ['stickerId', { stickerId: 2_147_483_648 }],
    ['stickerId', { stickerId: Number.MAX_SAFE_INTEGER }],
  ])('refuses a %s past the integer column’s range and reserves nothing', async (field, payload) => {
    const before = await rows(tables.orders);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: user.headers,
      payload: { ...payload, paymentMethod: 'demo' },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { error: `${field} must be at most 2147483647` },
    });
    expect(await rows(tables.orders)).toBe(before);
    // The largest id an integer column holds is well-formed: refused only as naming nothing for sale.
    const largest = await t.app.inject({
      method: 'POST',
      url: '/api/marketplace/buy',
      headers: user.headers,
      payload: { [field]: 2_147_483_647, paymentMethod: 'demo' },
    });
    expect([404, 409]).toContain(largest.statusCode);
    expect(await rows(tables.orders)).toBe(before);
  });
});
