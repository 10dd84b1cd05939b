import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.js';
import { isLiveReservation } from '../../src/sales/rules.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const STATUSES = ['reserved', 'paid', 'expired', 'refund_required', 'cancelled'];
/** Expiries around now, to the millisecond either side. */
const OFFSETS_MS = [-60_000, -1, 0, 1, 60_000];

describeEachDatabase('the live-reservation rule, in SQL and in memory', (kind) => {
  let handle: TestDatabase;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
  });
  afterEach(() => handle.close());

  it('gives the same answer from reservation_is_live and its JavaScript twin, on every edge', async () => {
    const cases = STATUSES.flatMap((status) =>
      OFFSETS_MS.map((offset) => ({ status, expiresAt: new Date(NOW.getTime() + offset) })),
    );
    for (const order of cases) {
      const [row] = await queryRows<{ live: boolean }>(
        handle.db,
        sql`select reservation_is_live(${order.status}, ${order.expiresAt.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz) as live`,
      );
      expect({ ...order, live: row!.live }).toEqual({ ...order, live: isLiveReservation(order, NOW) });
    }
    // Only an unpaid reservation whose expiry is still ahead is live.
    expect(cases.filter((order) => isLiveReservation(order, NOW))).toHaveLength(2);
  });
});
