import { afterAll, beforeAll, expect, it } from 'vitest';
import { CreatePackResponse, DROP_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { file, makeImage, multipart, postPack } from '../create-pack/fixtures.js';

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('POST /api/stickers with drop settings', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({ kind, config: rateLimitsWith({ upload: { max: 1_000, windowMs: 3_600_000 } }) });
    creator = await createCreator(t);
    png = await makeImage('png', 64, 64);
  });
  afterAll(() => t.close());

  const post = async (fields: Record<string, string>) =>
    postPack(
      t,
      creator.headers,
      await multipart({ title: 'Drop', price: '1', maxSupply: '10', ...fields }, [
        { name: 'image', file: file(png, 'a.png', 'image/png') },
      ]),
    );

  it('takes maxPerUser and a future dropsAt, and the pack shows both', async () => {
    const dropsAt = new Date(t.clock.now.getTime() + 2 * DAY);
    const res = await post({ maxPerUser: '2', dropsAt: dropsAt.toISOString() });
    expect(res.statusCode).toBe(201);
    const { sticker } = CreatePackResponse.parse(res.json());
    expect(sticker).toMatchObject({ maxPerUser: 2, dropsAt: dropsAt.toISOString(), notifying: false });
    const detail = await t.app.inject({ url: `/api/stickers/${sticker.id}` });
    expect(detail.json()).toMatchObject({ maxPerUser: 2, dropsAt: dropsAt.toISOString() });
    const list = await t.app.inject({ url: '/api/stickers?sort=newest' });
    expect(list.json().items[0]).toMatchObject({ id: sticker.id, maxPerUser: 2, dropsAt: dropsAt.toISOString() });
  });

  it('empty fields mean no limit and on sale at once; an offset time is read in its zone', async () => {
    const empty = CreatePackResponse.parse((await post({ maxPerUser: '', dropsAt: '' })).json()).sticker;
    expect(empty).toMatchObject({ maxPerUser: null, dropsAt: null });
    const offset = await post({ dropsAt: '2099-01-01T20:00+02:00' });
    // More than a year ahead is refused; a near offset time is converted to UTC.
    expect(offset.json()).toEqual({ error: DROP_ERRORS.invalidDropsAt });
    const soon = new Date(t.clock.now.getTime() + DAY);
    const local = `${soon.toISOString().slice(0, 16)}+00:00`;
    const zoned = CreatePackResponse.parse((await post({ dropsAt: local })).json()).sticker;
    expect(zoned.dropsAt).toBe(new Date(`${soon.toISOString().slice(0, 16)}:00Z`).toISOString());
  });

  it.each([
    ['0', DROP_ERRORS.invalidMaxPerUser],
    ['11', DROP_ERRORS.invalidMaxPerUser],
    ['1.5', DROP_ERRORS.invalidMaxPerUser],
    ['many', DROP_ERRORS.invalidMaxPerUser],
  ])('refuses maxPerUser %s (edition size 10)', async (maxPerUser, error) => {
    const res = await post({ maxPerUser });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error } });
  });

  it.each([['2020-01-01T00:00:00Z'], ['tomorrow'], ['2030-01-01T10:00']])(
    'refuses dropsAt %s (past, not a time, or without a zone)',
    async (dropsAt) => {
      const res = await post({ dropsAt });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: { error: DROP_ERRORS.invalidDropsAt },
      });
    },
  );
});
