import { afterEach, beforeEach, expect, it } from 'vitest';
import { type PaymentMethod, StudioResponse } from '@stickerdrop/shared';
import { fulfilOrder, reserveEdition } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { authHeaders, createPack, type PackFixture } from '../orders/fixtures.js';

const DAY_MS = 86_400_000;

/** The studio shows the creator's balance: pending, available and paid, with the entries behind them. */
describeEachDatabase('creator studio: balance', (kind) => {
  let t: TestApp;
  let pack: PackFixture;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
    // 5 % of 2.000000001 TON is 0.10000000005: the fee is rounded down, the creator keeps the rest.
    pack = await createPack(t, { priceNano: 2_000_000_001n, title: 'Neon Frogs' });
  });
  afterEach(() => t.close());

  async function sell(method: PaymentMethod) {
    const buyer = await createUser(t);
    const now = t.clock.now;
    const { order } = await reserveEdition(t.db, { userId: buyer.id, packId: pack.id, paymentMethod: method, now });
    await fulfilOrder(t.db, { orderId: order.id, paymentRef: `${method}:${order.id}`, now, method });
    return order;
  }
  async function balance() {
    const res = await t.app.inject({ method: 'GET', url: '/api/studio', headers: await authHeaders(t, pack.creator) });
    expect(res.statusCode).toBe(200);
    return StudioResponse.parse(res.json()).balance;
  }

  it('starts at zero, with no entries', async () => {
    expect(await balance()).toEqual({
      pending: '0.00',
      available: '0.00',
      sending: '0.00',
      paid: '0.00',
      payoutMin: '1.00',
      entries: [],
    });
  });

  it('a Stars sale is pending, a TON sale available; after 21 days both are available, each entry traced', async () => {
    const starsOrder = await sell('stars');
    const soldAt = t.clock.now;
    t.clock.advance(60_000);
    const tonOrder = await sell('ton');

    const now = await balance();
    expect(now).toMatchObject({ pending: '1.900000001', available: '1.900000001', paid: '0.00' });
    expect(now.entries).toEqual([
      expect.objectContaining({ kind: 'primary_sale', rail: 'ton', orderId: tonOrder.id, serial: 2, pending: false }),
      {
        id: expect.any(Number),
        kind: 'primary_sale',
        amount: '1.900000001',
        orderId: starsOrder.id,
        packId: pack.id,
        packTitle: 'Neon Frogs',
        serial: 1,
        rail: 'stars',
        createdAt: soldAt.toISOString(),
        availableAt: new Date(soldAt.getTime() + 21 * DAY_MS).toISOString(),
        pending: true,
        payoutState: null,
      },
    ]);

    t.clock.advance(21 * DAY_MS);
    expect(await balance()).toMatchObject({ pending: '0.00', available: '3.800000002', paid: '0.00' });
  });
});
