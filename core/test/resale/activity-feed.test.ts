import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { formatTon } from '@stickerdrop/shared';
import { type Database, listActivity, listActivityJson } from '../../src/index.js';
import { activity, tables } from '../../src/testing.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/**
 * The feeds' items are written by Postgres as the JSON the API sends (resale/activity.ts): each field as
 * the app's own rules would write it — the price by formatTon, the time by toISOString, a person's public
 * name, the pack's card image — held here against those rules, on both databases.
 */
describeEachDatabase('activity feeds, as Postgres writes them', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
  });
  afterEach(() => handle.close());

  async function market() {
    const creator = await createUser(db, { isCreator: true });
    const pack = await insertPack(db, creator);
    await db.update(tables.packs).set({ previewKey: 'previews/space-cats.webp' }).where(eq(tables.packs.id, pack));
    const seller = await createUser(db, { firstName: 'Anastasia' });
    await db.update(tables.users).set({ displayName: '  Ana  ' }).where(eq(tables.users.id, seller));
    const buyer = await createUser(db, { firstName: 'Boris' });
    await db.update(tables.users).set({ displayName: '   ' }).where(eq(tables.users.id, buyer));
    const { editionId } = await buyAndPay(db, seller, pack, NOW);
    const [edition] = await db.select().from(tables.editions).where(eq(tables.editions.id, editionId!));
    // A delisting carries no price and no buyer; a sale at a time with microseconds, which the feed cuts to
    // milliseconds as JavaScript does.
    await db.insert(activity).values({
      packId: pack,
      editionId: editionId!,
      serial: edition!.serial,
      type: 'delist',
      priceNano: null,
      fromId: seller,
      toId: null,
      at: new Date('2026-03-01T12:30:00.000Z'),
    });
    await db.execute(sql`insert into activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
      values (${pack}, ${editionId}, ${edition!.serial}, 'sale', 2500000001, ${seller}, ${buyer},
        '2026-03-01T13:00:01.234567Z')`);
    return { pack, seller, buyer, editionId: editionId!, serial: edition!.serial };
  }

  it('writes every field as the API’s rules do, in every scope, newest first', async () => {
    const m = await market();
    const sale = {
      type: 'sale',
      serial: m.serial,
      editionId: m.editionId,
      price: formatTon(2_500_000_001n),
      from: { id: m.seller, name: 'Ana' },
      to: { id: m.buyer, name: 'Boris' },
      at: '2026-03-01T13:00:01.234Z',
    };
    const delist = { ...sale, type: 'delist', price: null, to: null, at: '2026-03-01T12:30:00.000Z' };
    const mint = {
      ...sale,
      type: 'mint',
      price: formatTon(1_000_000_000n),
      from: null,
      to: { id: m.seller, name: 'Ana' },
      at: NOW.toISOString(),
    };
    const pack = { id: m.pack, title: 'Space Cats', imageUrl: '/files/previews/space-cats.webp' };

    expect(await listActivity(db, {})).toEqual({
      items: [sale, delist, mint].map((item) => ({ ...item, pack })),
      nextCursor: null,
    });
    expect(await listActivity(db, { packId: m.pack })).toEqual({ items: [sale, delist, mint], nextCursor: null });
    expect(await listActivity(db, { editionId: m.editionId })).toEqual({
      items: [sale, delist, mint],
      nextCursor: null,
    });
  });

  it('pages by the last item’s id, and the text is the page the objects are', async () => {
    const m = await market();
    const first = await listActivity(db, { packId: m.pack, limit: 2 });
    expect(first.items.map((item) => item.type)).toEqual(['sale', 'delist']);
    expect(first.nextCursor).toMatch(/^\d+$/);
    const rest = await listActivity(db, { packId: m.pack, limit: 2, cursor: first.nextCursor! });
    expect(rest).toEqual({ items: [expect.objectContaining({ type: 'mint' })], nextCursor: null });
    expect(JSON.parse(await listActivityJson(db, { packId: m.pack, limit: 2 }))).toEqual(first);
  });
});
