import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getPackDetail, listActivity, listPacks, listTrending, packListings, requirePack } from '@stickerdrop/core';
import { queryRows } from '@stickerdrop/core/testing';
import { buildTestApp, describePostgres, type TestApp } from '../../helpers.js';
import { createCreator } from '../../users.js';
import { insertPack } from './fixtures.js';

/**
 * The hot reads are prepared statements so Postgres plans them once per connection. It adopts the
 * generic plan after five custom ones only if that plan is not costed higher; a LIMIT sent as a
 * parameter is costed as a tenth of the table, which kept the listing re-planned on every execution.
 */
describePostgres('prepared hot reads keep a generic plan', () => {
  let t: TestApp;
  let packId: number;
  beforeAll(async () => {
    t = await buildTestApp({ kind: 'postgres' });
    const creator = await createCreator(t);
    for (let i = 0; i < 30; i++) packId = await insertPack(t.db, creator.id, { title: `Pack ${i}` });
  });
  afterAll(() => t.close());

  it('the catalogue, the detail and the resale reads are planned once, not on every execution', async () => {
    // A transaction holds one connection, whose prepared statements pg_prepared_statements lists.
    const plans = await t.db.transaction(async (tx) => {
      for (let i = 0; i < 8; i++) {
        const now = new Date(Date.now() + i);
        await listPacks(tx, { search: '', sort: 'trending', limit: 20 }, now);
        await listPacks(tx, { search: 'pack', sort: 'newest', limit: 20 }, now);
        await listTrending(tx, 6, now);
        await getPackDetail(tx, packId, null, now);
        await packListings(tx, packId, now);
        // The pack feed's check that the pack exists.
        await requirePack(tx, packId);
        await listActivity(tx, { packId });
        await listActivity(tx, {});
      }
      const statements = await queryRows<{ name: string; generic: number; custom: number }>(
        tx,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name like 'pack%' or name like 'activity%' order by name`,
      );
      // The card text formats two amounts per card; format_ton must stay an inlined expression there
      // (migration 0008), not a function call per card. Every parameter of this statement is `now`.
      const [trending] = await queryRows<{ count: number }>(
        tx,
        sql`select cardinality(parameter_types)::int as count from pg_prepared_statements where name = 'packs_trending_6'`,
      );
      // EXPLAIN takes no bind parameters: the time is written in (our own Date's ISO text).
      const now = sql.raw(`'${new Date().toISOString()}'::timestamptz`);
      const nows = sql.join(
        Array.from({ length: trending!.count }, () => now),
        sql`, `,
      );
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain (verbose, costs off) execute packs_trending_6(${nows})`,
      );
      return { statements, trendingPlan: plan.map((row) => row['QUERY PLAN']).join('\n') };
    });
    expect(plans.trendingPlan).toContain('json_build_object');
    expect(plans.trendingPlan).not.toContain('format_ton');
    expect(plans.statements.map((p) => p.name)).toEqual([
      'activity_marketplace_21',
      'activity_pack_21',
      'pack_detail',
      'pack_exists',
      'pack_listings',
      'packs_list_newest_search_21',
      'packs_list_trending_21',
      'packs_trending_6',
    ]);
    for (const plan of plans.statements) {
      expect({ name: plan.name, generic: plan.generic > 0 }).toEqual({ name: plan.name, generic: true });
      expect(plan.custom).toBeLessThanOrEqual(5);
    }
  });
});
