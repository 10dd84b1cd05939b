import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { createPack, DomainError } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createCreator, type TestUser } from '../../users.js';
import { makeImage, makePixelBombPng } from './fixtures.js';
import { DOMAIN_ERROR_STATUS } from '../../../src/http/errors.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('createPack (the service the bot calls)', (kind) => {
  let t: TestApp;
  let creator: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp({ kind });
    creator = await createCreator(t);
    png = await makeImage('png', 256, 256);
  });
  afterAll(() => t.close());

  const deps = () => ({ db: t.db, storage: t.storage, now: t.app.deps.now });
  const packCount = async () => Number((await t.db.select({ n: count() }).from(tables.packs))[0]!.n);
  /** Counts packs before starting the work, so a wrongful insert cannot hide in the count. */
  async function refusal(run: () => Promise<unknown>) {
    const before = await packCount();
    const error = await run().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(await packCount()).toBe(before);
    return { status: DOMAIN_ERROR_STATUS[(error as DomainError).code], message: (error as DomainError).message };
  }

  it('creates a pack from WEBP when the bot asks, with tags as a list and the edition size as a number', async () => {
    const webp = await makeImage('webp', 1024, 512);
    const id = await createPack(deps(), creator.id, {
      images: [webp, png],
      title: ' Bot pack ',
      price: '2',
      tags: ['a', ' b ', 'a', ''],
      maxSupply: 10_000,
    });
    const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, id));
    expect(pack).toMatchObject({
      creatorId: creator.id,
      title: 'Bot pack',
      tags: ['a', 'b'],
      priceNano: 2_000_000_000n,
      maxSupply: 10_000,
      category: 'general',
      createdAt: t.clock.now,
    });
    const stickers = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, id))
      .orderBy(asc(tables.packStickers.position));
    expect(stickers).toHaveLength(2);
    const first = await sharp((await t.storage.get(stickers[0]!.fileKey))!.bytes).metadata();
    expect([first.format, first.width, first.height]).toEqual(['webp', 512, 256]);
  });

  it('accepts the smallest edition size', async () => {
    const id = await createPack(deps(), creator.id, { images: [png], title: 'One', price: '1', maxSupply: '1' });
    const [pack] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, id));
    expect(pack!.maxSupply).toBe(1);
  });

  it('refuses a file of no accepted type by its bytes (an SVG)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await refusal(() => createPack(deps(), creator.id, { images: [svg], title: 'x', price: '1' }))).toEqual({
      status: 415,
      message: MESSAGES.imageRequired,
    });
  });

  it('applies the SPEC order: no image, then title, then price', async () => {
    const input = { title: '', price: '0' };
    expect(await refusal(() => createPack(deps(), creator.id, { ...input, images: [] }))).toEqual({
      status: 400,
      message: MESSAGES.imageRequired,
    });
    expect(await refusal(() => createPack(deps(), creator.id, { ...input, images: [png] }))).toEqual({
      status: 400,
      message: MESSAGES.titleRequired,
    });
    expect(await refusal(() => createPack(deps(), creator.id, { ...input, title: 'ok', images: [png] }))).toEqual({
      status: 400,
      message: MESSAGES.priceInvalid,
    });
  });

  it('checks every image before the fields: a bomb second in line wins over a blank title', async () => {
    const bomb = makePixelBombPng(20_000, 20_000);
    expect(await refusal(() => createPack(deps(), creator.id, { images: [png, bomb], title: '', price: '1' }))).toEqual(
      {
        status: 400,
        message: API_ERRORS.imageTooManyPixels,
      },
    );
  });

  it('refuses an image over 5 MB handed over by the bot', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5_242_881)]);
    expect(await refusal(() => createPack(deps(), creator.id, { images: [big], title: 'x', price: '1' }))).toEqual({
      status: 413,
      message: MESSAGES.fileTooLarge,
    });
  });

  it('refuses more images than a pack may hold', async () => {
    const images = Array.from({ length: 51 }, () => png);
    expect(await refusal(() => createPack(deps(), creator.id, { images, title: 'x', price: '1' }))).toEqual({
      status: 400,
      message: API_ERRORS.tooManyFiles,
    });
  });
});
