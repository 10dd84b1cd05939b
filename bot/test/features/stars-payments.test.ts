import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS, errorTextIn } from '@stickerdrop/shared';
import { buyPack } from '@stickerdrop/core';
import { insertPack, insertUser, outboxRows } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { preCheckoutUpdate, successfulPaymentUpdate, telegramUser, textUpdate } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const erin = telegramUser(9_990_001, 'Erin', 'erin');
const STARS = 375;

describe('Telegram Stars payments', () => {
  let t: Harness;
  let orderId: string;

  beforeEach(async () => {
    t = await createHarness();
    await insertUser(t.db, { id: 900, isCreator: true });
    await insertUser(t.db, { id: erin.id, firstName: 'Erin' });
    const packId = await insertPack(t, 900, { title: 'Space <Cats>' });
    const rail = {
      method: 'stars' as const,
      createPayment: () => ({ kind: 'stars' as const, invoiceLink: 'https://t.me/$invoice', stars: STARS }),
    };
    ({
      order: { id: orderId },
    } = await buyPack(t.db, {
      userId: erin.id,
      packId,
      paymentMethod: 'stars',
      railFor: () => rail,
      now: t.clock.now,
    }));
  });
  afterEach(() => t.close());

  const editions = () => t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, erin.id));

  it('says yes to the pre-checkout of the payer’s own order at its price', async () => {
    const update = preCheckoutUpdate(erin, orderId, STARS);
    await t.send(update);
    const [answer] = t.api.callsTo('answerPreCheckoutQuery');
    expect(answer!.params).toEqual({ pre_checkout_query_id: update.pre_checkout_query!.id, ok: true });
  });

  it('says no, with the reason, to a wrong amount or someone else’s order', async () => {
    await t.send(preCheckoutUpdate(erin, orderId, STARS - 1));
    await t.send(preCheckoutUpdate(telegramUser(123), orderId, STARS));
    const [wrongAmount, notTheirs] = t.api.callsTo('answerPreCheckoutQuery');
    expect(wrongAmount!.params).toMatchObject({ ok: false, error_message: API_ERRORS.paymentAmountMismatch });
    expect(notTheirs!.params).toMatchObject({ ok: false, error_message: API_ERRORS.orderNotFound });
  });

  it('says the reason in the payer’s language', async () => {
    await t.db.update(tables.users).set({ language: 'ru' }).where(eq(tables.users.id, erin.id));
    await t.send(preCheckoutUpdate(erin, orderId, STARS - 1));
    await t.send(preCheckoutUpdate({ ...telegramUser(124), language_code: 'ru' }, orderId, STARS));
    const [wrongAmount, notTheirs] = t.api.callsTo('answerPreCheckoutQuery');
    expect(wrongAmount!.params).toMatchObject({
      ok: false,
      error_message: errorTextIn('ru', API_ERRORS.paymentAmountMismatch),
    });
    expect(notTheirs!.params).toMatchObject({ ok: false, error_message: errorTextIn('ru', API_ERRORS.orderNotFound) });
    expect(errorTextIn('ru', API_ERRORS.orderNotFound)).not.toBe(API_ERRORS.orderNotFound);
  });

  it('settles a successful payment once: one edition, one receipt and notice queued, even if Telegram repeats it', async () => {
    await t.send(successfulPaymentUpdate(erin, orderId, STARS, 'charge-1'));
    await t.send(successfulPaymentUpdate(erin, orderId, STARS, 'charge-1'));

    expect(await editions()).toHaveLength(1);
    const rows = await outboxRows(t.db);
    expect(rows.map((row) => row.kind).sort()).toEqual(['purchase_receipt', 'sale_notice']);
    expect(t.api.callsTo('refundStarPayment')).toHaveLength(0);
    // The service message is not greeted like a stray message.
    expect(t.api.messagesTo(erin.id)).toHaveLength(0);
  });

  it('refunds a second payment for an order already paid, and tells the buyer why', async () => {
    await t.send(successfulPaymentUpdate(erin, orderId, STARS, 'charge-1'));
    await t.send(successfulPaymentUpdate(erin, orderId, STARS, 'charge-2'));

    expect(await editions()).toHaveLength(1);
    const [refund] = t.api.callsTo('refundStarPayment');
    expect(refund!.params).toEqual({ user_id: erin.id, telegram_payment_charge_id: 'charge-2' });
    const [notice] = t.api.textsTo(erin.id);
    expect(notice).toContain('Your payment for <b>Space &lt;Cats&gt;</b> was a second payment');
    expect(notice).toContain('The Stars have been refunded to your Telegram balance.');
  });

  it('refunds a payment that names no order', async () => {
    await t.send(successfulPaymentUpdate(erin, randomUUID(), STARS, 'charge-x'));
    expect(t.api.callsTo('refundStarPayment')).toHaveLength(1);
    expect(t.api.textsTo(erin.id)[0]).toContain('did not match any order');
  });

  it('a payment in the middle of a conversation is settled, not taken as an answer', async () => {
    await t.db.update(tables.users).set({ isCreator: false }).where(eq(tables.users.id, erin.id));
    await t.send(textUpdate(erin, '/becomecreator'));
    await t.send(successfulPaymentUpdate(erin, orderId, STARS, 'charge-1'));
    expect(await editions()).toHaveLength(1);
    expect(t.api.textsTo(erin.id)).toHaveLength(1); // only the conversation's question
  });
});
