import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { reservationSweeper, silentLogger } from '@stickerdrop/core';
import { expireReservations } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy, createPack, demoPay, orderRow } from './fixtures.js';
import { countingClock, letPassesGoBy } from '../../jobs/control-job.js';

describeEachDatabase('reservation expiry', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('marks lapsed reservations expired and leaves live and paid orders alone', async () => {
    const pack = await createPack(t);
    const paidBuyer = await createUser(t);
    const { order: paid } = await buy(t, paidBuyer, pack.id);
    await demoPay(t, paidBuyer, paid.id);
    const { order: lapsed } = await buy(t, await createUser(t), pack.id);
    t.clock.advance(ORDER_RESERVATION_MS - 1_000);
    const { order: live } = await buy(t, await createUser(t), pack.id);
    t.clock.advance(1_000);

    expect(await expireReservations(t.db, t.clock.now)).toBe(1);
    expect((await orderRow(t, lapsed.id)).status).toBe('expired');
    expect((await orderRow(t, live.id)).status).toBe('reserved');
    expect((await orderRow(t, paid.id)).status).toBe('paid');
    expect(await expireReservations(t.db, t.clock.now)).toBe(0);
  });

  it('an expired order can still be paid late while supply is left', async () => {
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const { order } = await buy(t, buyer, pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    await expireReservations(t.db, t.clock.now);
    expect((await demoPay(t, buyer, order.id)).order).toMatchObject({ status: 'paid', edition: 1 });
  });

  it('the sweeper expires on its interval and stops when asked', async () => {
    const pack = await createPack(t);
    const { order } = await buy(t, await createUser(t), pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    const errors: unknown[] = [];
    const clock = countingClock(() => t.clock.now);
    const sweeper = reservationSweeper(t.db, {
      every: 20,
      now: clock.now,
      log: { ...silentLogger, error: (details) => errors.push(details) },
    });
    sweeper.start();
    try {
      await vi.waitFor(async () => expect((await orderRow(t, order.id)).status).toBe('expired'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await sweeper.stop();
    }
    expect(errors).toEqual([]);

    // Stopped: five passes' time later it has not run again, and a reservation that lapsed meanwhile stays.
    const passesAtStop = clock.reads();
    expect(passesAtStop).toBeGreaterThan(0);
    const { order: later } = await buy(t, await createUser(t), pack.id);
    t.clock.advance(ORDER_RESERVATION_MS);
    await letPassesGoBy(20);
    expect(clock.reads()).toBe(passesAtStop);
    expect((await orderRow(t, later.id)).status).toBe('reserved');
  });
});
