import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@stickerdrop/core/testing';
import { describePostgres, freshDatabase } from '../../helpers.js';

// The live-reservation rule is one SQL function (migration 0012) that every sale path calls: it must cost
// what the written-out condition cost, so Postgres has to inline it and keep using the orders indexes.
describePostgres('reservation_is_live is inlined', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
  });
  afterAll(() => database.close());

  // An empty table would be read whole whatever the indexes: the planner is told to use them if it can.
  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain (costs off) ${query}`);
    });
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('becomes the plain condition, served by the pack index', async () => {
    const output = await plan(
      sql`select count(*) from orders o where o.pack_id = 1 and reservation_is_live(o.status, o.expires_at, now())`,
    );
    expect(output).not.toContain('reservation_is_live');
    expect(output).toContain('orders_pack_status_idx');
    expect(output).toContain("status = 'reserved'::text");
  });

  it('serves a listing hold from the edition index', async () => {
    const output = await plan(
      sql`select 1 from orders o where o.edition_id = 1 and reservation_is_live(o.status, o.expires_at, now())`,
    );
    expect(output).not.toContain('reservation_is_live');
    expect(output).toContain('orders_edition_status_idx');
  });
});
