import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../src/index.js';
import { queryRows } from '../../src/db/sql-rows.js';
import { tables } from '../../src/testing.js';
import { describeWithFreshDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const PRICE = 1_000_000_000n;

interface Minted {
  order_id: string;
  outcome: string;
  serial: number | null;
  sold_count: number | null;
}

/** An order being paid (marked paid, as settlement does before the mint), or still reserved, or lapsed. */
async function order(db: Database, packId: number, status: 'paid' | 'reserved' = 'paid', lapsed = false) {
  const userId = await createUser(db);
  const [row] = await db
    .insert(tables.orders)
    .values({
      userId,
      packId,
      paymentMethod: 'ton',
      amountNano: PRICE,
      status,
      expiresAt: lapsed ? new Date(NOW.getTime() - 60_000) : new Date(NOW.getTime() + 15 * 60_000),
    })
    .returning({ id: tables.orders.id, userId: tables.orders.userId });
  return { id: row!.id, userId: Number(row!.userId), packId, lapsed };
}

type Sale = Awaited<ReturnType<typeof order>>;

/**
 * The packs whose rows `work` wrote, once per write (a trigger notes them); the trigger goes afterwards, as
 * the test's database may be emptied and lent to another test.
 */
async function packsWrittenBy(db: Database, work: () => Promise<unknown>): Promise<number[]> {
  await db.execute(sql`create table pack_writes (pack_id integer not null)`);
  await db.execute(sql`create function note_pack_write() returns trigger language plpgsql as $$
    begin insert into pack_writes values (new.id); return null; end $$`);
  await db.execute(
    sql`create trigger note_pack_write after update on packs for each row execute function note_pack_write()`,
  );
  try {
    await work();
    const writes = await queryRows<{ pack_id: number }>(db, sql`select pack_id from pack_writes order by pack_id`);
    return writes.map((row) => row.pack_id);
  } finally {
    await db.execute(sql`drop trigger note_pack_write on packs`);
    await db.execute(sql`drop function note_pack_write()`);
    await db.execute(sql`drop table pack_writes`);
  }
}

/** The list minted in one call, in one transaction: each sale's row, in the list's order. */
async function mintTogether(db: Database, sales: Sale[]) {
  return db.transaction(async (tx) => {
    const column = <T>(of: (sale: Sale) => T) => sql.param(sales.map(of));
    const rows = await queryRows<Minted>(
      tx,
      sql`select order_id, outcome, serial, sold_count from mint_primary_editions(${column((s) => s.id)}::uuid[],
        ${column((s) => s.packId)}::integer[], ${column((s) => String(s.userId))}::bigint[],
        ${column(() => String(PRICE))}::bigint[], ${column((s) => s.lapsed)}::boolean[], ${column(() => 'ton')}::text[],
        ${column(() => NOW.toISOString())}::timestamptz[])`,
    );
    const byOrder = new Map(rows.map((row) => [row.order_id, row]));
    return sales.map((sale) => byOrder.get(sale.id));
  });
}

async function soldCounts(db: Database, packIds: number[]) {
  const rows = await db
    .select({ id: tables.packs.id, sold: tables.packs.soldCount })
    .from(tables.packs)
    .where(inArray(tables.packs.id, packIds));
  return Object.fromEntries(rows.map((row) => [row.id, row.sold]));
}

describeWithFreshDatabase('the sales of payments settled together, minted in one call', (database) => {
  it('counts and mints a list of several packs in its order, and writes each pack’s count once', async () => {
    const db = database();
    const creator = await createUser(db, { isCreator: true });
    const [small, big, removed] = [
      await insertPack(db, creator, { maxSupply: 3 }),
      await insertPack(db, creator, { maxSupply: 5 }),
      await insertPack(db, creator, { maxSupply: 5 }),
    ];
    const owner = await createUser(db);
    await buyAndPay(db, owner, small, NOW);
    await db.update(tables.packs).set({ status: 'removed', removedReason: 'scam' }).where(eq(tables.packs.id, removed));
    const ownersSecond = { ...(await order(db, small)), userId: owner };
    const list = [
      await order(db, big),
      await order(db, small),
      ownersSecond,
      await order(db, small),
      await order(db, removed),
      await order(db, small),
      await order(db, big),
    ];

    let results: Awaited<ReturnType<typeof mintTogether>> = [];
    const packsWritten = await packsWrittenBy(db, async () => (results = await mintTogether(db, list)));

    expect(results.map((row) => [row!.outcome, row!.serial, row!.sold_count])).toEqual([
      ['minted', 1, 1],
      ['minted', 2, 2],
      ['already_owned', null, 2],
      ['minted', 3, 3],
      ['not_counted', null, null],
      ['not_counted', null, null],
      ['minted', 2, 2],
    ]);
    expect(await soldCounts(db, [small, big, removed])).toEqual({ [small]: 3, [big]: 2, [removed]: 0 });
    expect(packsWritten).toEqual([small, big]);
    const owners = await db
      .select({ serial: tables.editions.serial, owner: tables.editions.ownerId })
      .from(tables.editions)
      .where(eq(tables.editions.packId, small));
    expect(owners.map((row) => [row.serial, Number(row.owner)]).sort()).toEqual([
      [1, owner],
      [2, list[1]!.userId],
      [3, list[3]!.userId],
    ]);
  });

  it('counts the sales before a lapsed order in the list when it asks whether an edition is left', async () => {
    const db = database();
    const creator = await createUser(db, { isCreator: true });
    const pack = await insertPack(db, creator, { maxSupply: 2 });
    await order(db, pack, 'reserved');
    const first = await order(db, pack);
    const late = await order(db, pack, 'paid', true);

    const results = await mintTogether(db, [first, late]);

    // The first sale and another buyer's live reservation fill the supply: none is left for the late payment.
    expect(results.map((row) => row!.outcome)).toEqual(['minted', 'sold_out']);
    expect(await soldCounts(db, [pack])).toEqual({ [pack]: 1 });
  });
});
