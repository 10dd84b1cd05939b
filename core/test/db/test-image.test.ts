import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { expect, it } from 'vitest';
import { dumpTestImage, migrateEmbedded, pgliteExtensions, tables } from '../../src/testing.js';

it('a test image loads with the migrated tables and their rows, one database and not the templates', async () => {
  const source = await PGlite.create({ extensions: pgliteExtensions });
  await migrateEmbedded(source);
  await drizzle({ client: source }).insert(tables.users).values({ id: 7, firstName: 'Ada' });
  const plain = await source.dumpDataDir('none');
  const image = await dumpTestImage(source);
  await source.close();
  expect(image.size).toBeLessThan(plain.size * 0.75);

  const loaded = await PGlite.create({ loadDataDir: image, extensions: pgliteExtensions });
  try {
    const { rows } = await loaded.query<{ datname: string }>('select datname from pg_database order by datname');
    expect(rows.map((row) => row.datname)).toEqual(['postgres']);
    expect(await drizzle({ client: loaded, schema: tables }).select().from(tables.users)).toMatchObject([
      { id: 7, firstName: 'Ada' },
    ]);
  } finally {
    await loaded.close();
  }
});
