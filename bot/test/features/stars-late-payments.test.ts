import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS, ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { buyPack } from '@stickerdrop/core';
import { insertPack, insertUser } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { preCheckoutUpdate, successfulPaymentUpdate, telegramUser } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const ada = telegramUser(9_990_101, 'Ada', 'ada');
const ben = telegramUser(9_990_102, 'Ben', 'ben');
const STARS = 375;
const rail = {
  method: 'stars' as const,
  createPayment: () => ({ kind: 'stars' as const, invoiceLink: 'https://t.me/$invoice', stars: STARS }),
};

/** Stars payments around the end of a reservation, through the real bot: refusals before, settlement after. */
describe('Telegram Stars: expired and sold-out orders', () => {
  let t: Harness;
  let packId: number;

  beforeEach(async () => {
    t = await createHarness();
    await insertUser(t.db, { id: 900, isCreator: true });
    await insertUser(t.db, { id: ada.id, firstName: 'Ada' });
    await insertUser(t.db, { id: ben.id, firstName: 'Ben' });
    packId = await insertPack(t, 900, { title: 'Last One', maxSupply: 1 });
  });
  afterEach(() => t.close());

  const order = async (userId: number) =>
    (await buyPack(t.db, { userId, packId, paymentMethod: 'stars', railFor: () => rail, now: t.clock.now })).order.id;
  const expire = () => {
    t.clock.now = new Date(t.clock.now.getTime() + ORDER_RESERVATION_MS + 1000);
  };
  const answers = () => t.api.callsTo('answerPreCheckoutQuery').map((call) => call.params);
  const statusOf = async (orderId: string) =>
    (await t.db.select().from(tables.orders).where(eq(tables.orders.id, orderId)))[0]!.status;

  it('refuses the pre-checkout of an expired order while an edition is left, and of one that sold out', async () => {
    const adas = await order(ada.id);
    expire();
    await t.send(preCheckoutUpdate(ada, adas, STARS));
    const bens = await order(ben.id);
    await t.send(preCheckoutUpdate(ben, bens, STARS));
    await t.send(successfulPaymentUpdate(ben, bens, STARS, 'charge-ben'));
    await t.send(preCheckoutUpdate(ada, adas, STARS));
    expect(answers()).toMatchObject([
      { ok: false, error_message: API_ERRORS.orderExpired },
      { ok: true },
      { ok: false, error_message: API_ERRORS.soldOut },
    ]);
    expect(await statusOf(bens)).toBe('paid');
  });

  it('a payment Telegram took just before the expiry still buys the edition when one is left', async () => {
    const adas = await order(ada.id);
    await t.send(preCheckoutUpdate(ada, adas, STARS));
    expire();
    await t.send(successfulPaymentUpdate(ada, adas, STARS, 'charge-ada'));
    expect(await statusOf(adas)).toBe('paid');
    expect(t.api.callsTo('refundStarPayment')).toHaveLength(0);
  });

  it('a late payment for a pack that sold out meanwhile is refunded, and the buyer told why', async () => {
    const adas = await order(ada.id);
    await t.send(preCheckoutUpdate(ada, adas, STARS));
    expire();
    const bens = await order(ben.id);
    await t.send(successfulPaymentUpdate(ben, bens, STARS, 'charge-ben'));
    await t.send(successfulPaymentUpdate(ada, adas, STARS, 'charge-ada'));
    await t.send(successfulPaymentUpdate(ada, adas, STARS, 'charge-ada'));

    expect(await statusOf(adas)).toBe('refund_required');
    expect(t.api.callsTo('refundStarPayment').map((call) => call.params)).toEqual([
      { user_id: ada.id, telegram_payment_charge_id: 'charge-ada' },
    ]);
    const [notice] = t.api.textsTo(ada.id);
    expect(notice).toContain('the last editions had been sold');
    expect(notice).toContain('The Stars have been refunded');
    const editions = await t.db.select().from(tables.editions).where(eq(tables.editions.packId, packId));
    expect(editions.map((edition) => edition.ownerId)).toEqual([ben.id]);
  });
});
