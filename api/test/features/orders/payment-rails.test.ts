import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { buyPack, DomainError, type PaymentRail, resolvePaymentRail } from '@stickerdrop/core';
import { demoRail, offeredPaymentMethods, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy, createPack, orderRow } from './fixtures.js';
import { DOMAIN_ERROR_STATUS } from '../../../src/http/errors.js';

const tonRail: PaymentRail = {
  method: 'ton',
  createPayment: (order) => ({
    kind: 'ton',
    receiver: 'EQ-test-receiver',
    amountNano: order.amountNano.toString(),
    comment: order.id,
  }),
};

function refusal(run: () => unknown): { statusCode: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { statusCode: DOMAIN_ERROR_STATUS[error.code], message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('payment rail registry', () => {
  it('offers the operator’s methods, plus demo in demo mode', () => {
    expect(offeredPaymentMethods({ paymentMethods: ['ton', 'stripe'], demo: false })).toEqual(['ton', 'stripe']);
    expect(offeredPaymentMethods({ paymentMethods: ['ton', 'stripe'], demo: true })).toEqual(['ton', 'stripe', 'demo']);
  });

  it('in demo mode pays a configured method on its real rail and every other offered one on the demo rail', () => {
    const config = { paymentMethods: ['ton', 'stripe'], demo: true };
    expect(resolvePaymentRail(config, [tonRail], 'ton')).toBe(tonRail);
    expect(resolvePaymentRail(config, [tonRail], 'stripe')).toBe(demoRail);
    expect(resolvePaymentRail(config, [], 'ton')).toBe(demoRail);
  });

  it('uses the implemented rail when demo is off, and refuses a method without one', () => {
    const config = { paymentMethods: ['ton', 'stripe'], demo: false };
    expect(resolvePaymentRail(config, [tonRail], 'ton')).toBe(tonRail);
    const missing = refusal(() => resolvePaymentRail(config, [tonRail], 'stripe'));
    expect([missing.statusCode, missing.message]).toEqual([400, API_ERRORS.paymentMethodUnavailable]);
  });

  it('refuses a method the operator switched off even when a rail exists', () => {
    const off = refusal(() => resolvePaymentRail({ paymentMethods: ['stripe'], demo: false }, [tonRail], 'ton'));
    expect([off.statusCode, off.message]).toEqual([400, API_ERRORS.paymentMethodUnavailable]);
  });
});

describeEachDatabase('buyPack with a rail', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { demo: false } });
  });
  afterEach(() => t.close());

  it('stores and returns the instructions the rail made for the new order', async () => {
    const pack = await createPack(t, { priceNano: 3_000_000_000n });
    const buyer = await createUser(t);
    const input = { userId: buyer.id, packId: pack.id, paymentMethod: 'ton' as const, now: t.clock.now };
    const { order, created } = await buyPack(t.db, { ...input, railFor: () => tonRail });
    const instructions = { kind: 'ton', receiver: 'EQ-test-receiver', amountNano: '3000000000', comment: order.id };
    expect(created).toBe(true);
    expect(order.payment).toEqual(instructions);
    expect((await orderRow(t, order.id)).payment).toEqual(instructions);

    // The buyer's live order comes back as it is; the rail is not asked again.
    const failing: PaymentRail = {
      method: 'ton',
      createPayment: () => {
        throw new Error('must not be called');
      },
    };
    const again = await buyPack(t.db, { ...input, railFor: () => failing });
    expect(again).toMatchObject({ created: false, order: { id: order.id, payment: instructions } });
  });

  it('releases the reservation when the rail fails, so the edition is for sale again', async () => {
    const pack = await createPack(t, { maxSupply: 1 });
    const buyer = await createUser(t);
    const down: PaymentRail = {
      method: 'ton',
      createPayment: async () => {
        throw new Error('provider unreachable');
      },
    };
    const input = { userId: buyer.id, packId: pack.id, paymentMethod: 'ton' as const, now: t.clock.now };
    await expect(buyPack(t.db, { ...input, railFor: () => down })).rejects.toThrow('provider unreachable');

    const other = await createUser(t);
    const retry = await buyPack(t.db, { ...input, userId: other.id, railFor: () => tonRail });
    expect(retry.created).toBe(true);
  });

  it('over HTTP with demo off, a method without a rail reserves nothing', async () => {
    const pack = await createPack(t);
    const res = await buy(t, await createUser(t), pack.id, 'ton');
    expect(res.statusCode).toBe(400);
    expect(res.error).toBe(API_ERRORS.paymentMethodUnavailable);
    expect(await t.db.select().from(tables.orders).where(eq(tables.orders.packId, pack.id))).toHaveLength(0);
  });
});
