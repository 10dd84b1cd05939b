import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatTon } from '@stickerdrop/shared';
import { queryRows } from '@stickerdrop/core/testing';
import { describeEachDatabase, describePostgres, freshDatabase } from '../../helpers.js';

// Pack cards and notices carry amounts formatted in SQL (migration 0007); formatTon in TypeScript must agree.
describeEachDatabase('format_ton in SQL', (kind) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  it('writes every amount exactly as formatTon does', async () => {
    const amounts = [0n, 1n, 10n, 100_000_000n, 1_000_000_000n, 1_500_000_000n, 2_250_000_000n, 1_234_567_891n];
    amounts.push(10_000_000_000_000n, 999_999_999n, 5_050_000_000n, -1_500_000_000n);
    for (const nano of amounts) {
      const result = (await database.db.execute(sql`select format_ton(${nano.toString()}::bigint) as text`)) as {
        rows: { text: string }[];
      };
      expect(result.rows[0]!.text, `${nano} nanotons`).toBe(formatTon(nano));
    }
  });
});

describePostgres('format_ton is inlined', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(() => database.close());

  // Called as a function it costs ~6 µs a call; a page of cards written by Postgres calls it twice per card.
  it('becomes an expression in the plan instead of a function call (migration 0008)', async () => {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain (verbose, costs off) select format_ton(price_nano) from packs`,
    );
    const output = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(output).toContain('Output:');
    expect(output).not.toContain('format_ton');
  });
});
