import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { railsConfig } from '../payments/fixtures.js';
import { buy, createPack } from './fixtures.js';
import { tables } from '@stickerdrop/core/testing';

describeEachDatabase('POST /api/marketplace/buy while the payment provider is down', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port: every Bot API call (the Stars invoice) fails to connect.
    t = await buildTestApp({ kind, config: railsConfig({ telegramApiRoot: 'http://127.0.0.1:9' }) });
  });
  afterAll(() => t.close());

  it('answers 503 saying Stars is unavailable and to pay with TON, and leaves the edition for sale', async () => {
    const pack = await createPack(t, { maxSupply: 1 });
    const buyer = await createUser(t);
    const res = await buy(t, buyer, pack.id, 'stars');
    expect({ status: res.statusCode, error: res.error }).toEqual({
      status: 503,
      error: 'Telegram Stars is unavailable right now; please pay with TON instead',
    });
    expect(res.error).toBe(API_ERRORS.starsUnavailable);
    const orders = await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id));
    expect(orders.map((order) => order.status)).toEqual(['expired']);
    // The one edition was released: the next buyer meets the provider again, not "sold out".
    const next = await buy(t, await createUser(t), pack.id, 'stars');
    expect(next.statusCode).toBe(503);
  });
});
