import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyAllTables, migrateEmbedded, pgliteExtensions, tables } from '../../src/testing.js';

describe('emptyAllTables: a reused PGlite database as if new', () => {
  let client: PGlite;
  const db = () => drizzle({ client, schema: tables });

  beforeAll(async () => {
    client = await PGlite.create({ extensions: pgliteExtensions });
    await migrateEmbedded(client);
  });
  afterAll(() => client.close());

  async function addCreatorAndPack(userId: number): Promise<number> {
    await db().insert(tables.users).values({ id: userId, firstName: 'Ada' });
    const [pack] = await db()
      .insert(tables.packs)
      .values({ creatorId: userId, title: 'Ramen', priceNano: 1_000_000_000n, maxSupply: 10 })
      .returning({ id: tables.packs.id });
    return pack!.id;
  }

  it('leaves every table empty, rows that reference others included, and ids start over from 1', async () => {
    expect(await addCreatorAndPack(1)).toBe(1);
    expect(await addCreatorAndPack(2)).toBe(2);

    await emptyAllTables(client);

    const { rows: names } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
    );
    expect(names.length).toBeGreaterThan(20);
    const counts = names.map(({ name }) => `select '${name}' as name, count(*)::int as n from ${name}`);
    const { rows } = await client.query<{ name: string; n: number }>(counts.join(' union all '));
    expect(rows.filter((row) => row.n > 0)).toEqual([]);
    expect(await db().select().from(tables.packs)).toEqual([]);
    expect(await db().select().from(tables.users)).toEqual([]);
    expect(await addCreatorAndPack(1)).toBe(1);
  });

  it('keeps the foreign keys checked once it is done', async () => {
    await emptyAllTables(client);
    await expect(
      db().insert(tables.packs).values({ creatorId: 404, title: 'Orphan', priceNano: 1n, maxSupply: 1 }),
    ).rejects.toMatchObject({ cause: { code: '23503' } }); // foreign_key_violation
  });

  it('stays right across the emptyings that vacuum the database', async () => {
    for (let round = 0; round < 40; round++) {
      await emptyAllTables(client);
      expect(await addCreatorAndPack(7)).toBe(1);
    }
    await emptyAllTables(client);
    expect(await db().select().from(tables.users)).toEqual([]);
  });
});
