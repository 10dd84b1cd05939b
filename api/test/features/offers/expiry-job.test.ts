import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { offerExpirer, silentLogger } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { ownedEdition } from '../resale/fixtures.js';
import { makeOffer, messagesOf, offerRow } from './fixtures.js';
import { countingClock, letPassesGoBy } from '../../jobs/control-job.js';

const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('offer expiry job', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('closes offers on its interval, tells the bidder once, and stops when asked', async () => {
    const { editionId } = await ownedEdition(t);
    const bidder = await createUser(t);
    const { offer } = await makeOffer(t, bidder, { editionId, price: '2', expiresInHours: 1 });
    t.clock.advance(HOUR_MS);
    const errors: unknown[] = [];
    const clock = countingClock(() => t.clock.now);
    const job = offerExpirer(t.db, {
      every: 20,
      now: clock.now,
      log: { ...silentLogger, error: (details) => errors.push(details) },
    });
    job.start();
    try {
      await vi.waitFor(async () => expect((await offerRow(t, offer.id)).status).toBe('expired'), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await job.stop();
    }
    expect(errors).toEqual([]);
    expect(await messagesOf(t, 'offer_expired')).toHaveLength(1);

    // Stopped: five passes' time later it has not run again, and an offer that ran out meanwhile stays open.
    const passesAtStop = clock.reads();
    const later = await makeOffer(t, bidder, { packId: offer.packId, price: '1', expiresInHours: 1 });
    t.clock.advance(HOUR_MS);
    await letPassesGoBy(20);
    expect(clock.reads()).toBe(passesAtStop);
    expect((await offerRow(t, later.offer.id)).status).toBe('open');
  });
});
