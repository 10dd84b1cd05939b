import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DROP_ERRORS } from '@stickerdrop/shared';
import { testConfig } from '@stickerdrop/core/testing';
import { buildTestApp, describePostgres, rateLimitsWith, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy } from '../orders/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { dropPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** Real Postgres only: PGlite runs one transaction at a time and would hide every race here. */
describePostgres('fair drops under concurrency', () => {
  let t: TestApp;
  beforeEach(async () => {
    // The per-user buy rate limit would turn most of the burst into 429s before the rule is reached.
    t = await buildTestApp({
      kind: 'postgres',
      config: {
        ...rateLimitsWith({ buy: { max: 1_000, windowMs: 60_000 } }),
        // The per-pack cap is what these races are about, not the cap on one account's open reservations.
        reservations: { ...testConfig().reservations, maxOpen: 100 },
      },
    });
  });
  afterEach(() => t.close());

  it('one collector firing primary and resale buys at once ends with exactly maxPerUser reservations', async () => {
    const pack = await dropPack(t, { maxPerUser: 3, maxSupply: 50 });
    const listed: number[] = [];
    for (let i = 0; i < 8; i++) {
      const owned = await ownedEdition(t, { pack });
      listed.push((await putOnSale(t, owned.seller, owned.editionId, '2')).listing.id);
    }
    const collector = await createUser(t);

    // Every listing twice and the primary five times, all at once: 21 requests, each fine on its own.
    const results = await Promise.all([
      ...[...listed, ...listed].map((id) => buyListing(t, collector, id)),
      ...Array.from({ length: 5 }, () => buy(t, collector, pack.id, 'demo')),
    ]);

    const open = await t.db
      .select()
      .from(tables.orders)
      .where(
        and(
          eq(tables.orders.userId, collector.id),
          eq(tables.orders.packId, pack.id),
          inArray(tables.orders.status, ['reserved', 'paid']),
        ),
      );
    expect(open).toHaveLength(3);
    // No deadlock, no 500: every answer is a reservation (new or the collector's own) or the cap.
    const answers = results.map((r) => (r.statusCode === 409 ? `409 ${r.error}` : String(r.statusCode)));
    expect(answers.filter((a) => a === '201')).toHaveLength(3);
    expect(new Set(answers.filter((a) => a !== '201' && a !== '200'))).toEqual(
      new Set([`409 ${DROP_ERRORS.perUserLimit}`]),
    );
    const returned = new Set(results.filter((r) => r.statusCode < 300).map((r) => r.order.id));
    expect(returned).toEqual(new Set(open.map((o) => o.id)));
  });

  it('many collectors at once: the cap is per collector, not shared', async () => {
    const pack = await dropPack(t, { maxPerUser: 1, maxSupply: 40 });
    const collectors = [];
    for (let i = 0; i < 20; i++) collectors.push(await createUser(t));
    const results = await Promise.all(
      collectors.flatMap((c) => [buy(t, c, pack.id, 'demo'), buy(t, c, pack.id, 'demo')]),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
  });
});
