import { afterEach, beforeEach, expect, it } from 'vitest';
import { STUDIO_ERRORS } from '@stickerdrop/shared';
import { type Database, getStudio, updateStudioPack } from '../../src/index.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('studio: a creator’s figures and the edits allowed', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let creator: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    creator = await createUser(db, { isCreator: true });
  });
  afterEach(() => handle.close());

  const edit = (packId: number, body: Record<string, unknown>, by = creator) =>
    updateStudioPack(db, by, packId, body, body, NOW);

  it('shows each pack’s sales and revenue and whether it is on sale, sold out or scheduled', async () => {
    const selling = await insertPack(db, creator, { priceNano: 2_000_000_000n, title: 'Selling' });
    const gone = await insertPack(db, creator, { maxSupply: 1, title: 'Gone' });
    await insertPack(db, creator, { dropsAt: new Date(NOW.getTime() + HOUR_MS), title: 'Later' });
    await insertPack(db, await createUser(db, { isCreator: true }), { title: 'Someone else’s' });
    await buyAndPay(db, await createUser(db), selling, NOW);
    await buyAndPay(db, await createUser(db), selling, NOW);
    await buyAndPay(db, await createUser(db), gone, NOW);

    const studio = await getStudio(db, creator, NOW);
    const byTitle = Object.fromEntries(studio.packs.map((pack) => [pack.title, pack]));
    expect(Object.keys(byTitle).sort()).toEqual(['Gone', 'Later', 'Selling']);
    expect(byTitle.Selling).toMatchObject({ sold: 2, revenue: '4.00', dropStatus: 'on_sale' });
    expect(byTitle.Gone).toMatchObject({ sold: 1, revenue: '1.00', dropStatus: 'sold_out' });
    expect(byTitle.Later).toMatchObject({ sold: 0, revenue: '0.00', dropStatus: 'scheduled' });
  });

  it('changes the description and tags of a pack that has sold', async () => {
    const pack = await insertPack(db, creator);
    await buyAndPay(db, await createUser(db), pack, NOW);
    const updated = await edit(pack, { description: 'Now with hats', tags: ['hats', 'cats'] });
    expect(updated).toMatchObject({ description: 'Now with hats', tags: ['hats', 'cats'], sold: 1 });
  });

  it('refuses what collectors paid for (price), an empty change, and someone else’s or an unknown pack', async () => {
    const pack = await insertPack(db, creator);
    await expect(edit(pack, { price: '9' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: STUDIO_ERRORS.onlyEditable,
    });
    await expect(edit(pack, {})).rejects.toMatchObject({
      code: 'invalid_input',
      message: STUDIO_ERRORS.nothingToChange,
    });
    const stranger = await createUser(db, { isCreator: true });
    await expect(edit(pack, { description: 'mine now' }, stranger)).rejects.toMatchObject({
      code: 'forbidden',
      message: STUDIO_ERRORS.notYourPack,
    });
    await expect(edit(987_654, { description: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('moves a drop only while it has not opened', async () => {
    const upcoming = await insertPack(db, creator, { dropsAt: new Date(NOW.getTime() + HOUR_MS) });
    const moved = new Date(NOW.getTime() + 3 * HOUR_MS).toISOString();
    expect(await edit(upcoming, { dropsAt: moved })).toMatchObject({ dropsAt: moved, dropStatus: 'scheduled' });

    const opened = await insertPack(db, creator, { dropsAt: new Date(NOW.getTime() - HOUR_MS) });
    await expect(edit(opened, { dropsAt: moved })).rejects.toMatchObject({
      code: 'drop_open',
      message: STUDIO_ERRORS.dropTimeLocked,
    });
    const plain = await insertPack(db, creator);
    await expect(edit(plain, { dropsAt: moved })).rejects.toMatchObject({ code: 'drop_open' });
  });
});
