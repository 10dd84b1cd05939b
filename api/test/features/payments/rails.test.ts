import { afterEach, describe, expect, it } from 'vitest';
import { ClientConfig } from '@stickerdrop/shared';
import {
  availablePaymentMethods,
  type Config,
  ConfigError,
  loadConfig,
  paymentJobs,
  startJobs,
} from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { configuredRailMethods, starsFor, usdCents } from '@stickerdrop/core/testing';
import { startFakeToncenter, type FakeToncenter } from '../../fakes/toncenter.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { buy, createPack, demoPay, orderRow } from '../orders/fixtures.js';
import { RECEIVER, railsConfig, recordingLog } from './fixtures.js';
import { letPassesGoBy } from '../../jobs/control-job.js';

describe('prices on the other rails', () => {
  it('converts nanotons to US cents at TON_USD_RATE, rounding up', () => {
    expect(usdCents(1_500_000_000n, '5')).toBe(750n);
    expect(usdCents(10_000_000n, '2.75')).toBe(3n); // 2.75 cents
    expect(usdCents(1n, '5')).toBe(1n);
    expect(usdCents(3_000_000_000n, '0.333')).toBe(100n); // 99.9 cents
  });

  it('converts nanotons to whole Stars at STARS_PER_TON, rounding up, never zero', () => {
    expect(starsFor(1_500_000_000n, 250)).toBe(375);
    expect(starsFor(11_000_000n, 250)).toBe(3); // 2.75 Stars
    expect(starsFor(1n, 250)).toBe(1);
  });
});

describe('which rails are offered', () => {
  const base = testConfig({ demo: false, botToken: undefined, paymentMethods: ['ton', 'stripe', 'stars'] });
  const ton = { receiver: RECEIVER, indexerUrl: 'http://127.0.0.1:1', network: 'mainnet' as const, usdRate: '5' };
  const stripe = { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: undefined };

  it('outside demo mode: only rails whose configuration is complete', () => {
    expect(availablePaymentMethods(base)).toEqual([]);
    expect(availablePaymentMethods({ ...base, ton: { ...ton, indexerUrl: undefined } })).toEqual([]);
    expect(availablePaymentMethods({ ...base, ton })).toEqual(['ton']);
    expect(availablePaymentMethods({ ...base, stripe: { ...stripe, webhookSecret: undefined } })).toEqual([]);
    expect(availablePaymentMethods({ ...base, ton, stripe, botToken: '1:x' })).toEqual(['ton', 'stripe', 'stars']);
    // The operator switches a configured rail off with PAYMENT_METHODS.
    expect(availablePaymentMethods({ ...base, ton, stripe, paymentMethods: ['stripe'] })).toEqual(['stripe']);
  });

  it('in demo mode: demo first, then every listed method (real when configured, demo-paid otherwise)', () => {
    const demo = { ...base, demo: true, ton };
    expect(availablePaymentMethods(demo)).toEqual(['demo', 'ton', 'stripe', 'stars']);
    expect(configuredRailMethods(demo)).toEqual(['ton']);
  });

  it('refuses a TON_RECEIVER_ADDRESS that is not an address, naming it', () => {
    expect(() => loadConfig({ TON_RECEIVER_ADDRESS: 'my-wallet' })).toThrow(ConfigError);
    expect(() => loadConfig({ TON_RECEIVER_ADDRESS: 'my-wallet' })).toThrow('TON_RECEIVER_ADDRESS');
    expect(loadConfig({ TON_RECEIVER_ADDRESS: RECEIVER }).ton.receiver).toBe(RECEIVER);
    expect(loadConfig({ TON_RECEIVER_ADDRESS: `0:${'ab'.repeat(32)}` }).ton.receiver).toBe(`0:${'ab'.repeat(32)}`);
  });
});

describeEachDatabase('rails in the app', (kind) => {
  let t: TestApp | undefined;
  let chain: FakeToncenter | undefined;
  afterEach(async () => {
    await t?.close();
    await chain?.close();
    t = undefined;
    chain = undefined;
  });

  const clientConfig = async () =>
    ClientConfig.parse((await t!.app.inject({ method: 'GET', url: '/api/config' })).json());

  it('GET /api/config lists the configured rails; demo mode pays the unconfigured ones on the demo rail', async () => {
    chain = await startFakeToncenter(RECEIVER);
    t = await buildTestApp({ kind, config: railsConfig({ indexerUrl: chain.baseUrl }) });
    expect((await clientConfig()).paymentMethods).toEqual(['ton']);
    await t.close();

    const config: Partial<Config> = { ...railsConfig({ indexerUrl: chain.baseUrl }), demo: true };
    t = await buildTestApp({ kind, config });
    expect((await clientConfig()).paymentMethods).toEqual(['demo', 'ton', 'stripe', 'stars']);
    const pack = await createPack(t);
    const tonBuyer = await createUser(t);
    const real = await buy(t, tonBuyer, pack.id, 'ton');
    expect(real.order.payment.kind).toBe('ton');
    // A real rail is never paid by the demo button.
    expect((await demoPay(t, tonBuyer, real.order.id)).statusCode).toBe(400);
    expect((await orderRow(t, real.order.id)).status).toBe('reserved');
    const cardBuyer = await createUser(t);
    const demo = await buy(t, cardBuyer, pack.id, 'stripe');
    expect([demo.order.payment.kind, demo.order.paymentMethod]).toEqual(['demo', 'stripe']);
    expect((await demoPay(t, cardBuyer, demo.order.id)).order.status).toBe('paid');
  });

  it('the background jobs confirm TON payments on their own and stop cleanly', async () => {
    chain = await startFakeToncenter(RECEIVER);
    t = await buildTestApp({ kind, config: railsConfig({ indexerUrl: chain.baseUrl }), realTime: true });
    const pack = await createPack(t);
    const buyer = await createUser(t);
    const order = (await buy(t, buyer, pack.id, 'ton')).order;
    chain.transfer({ amountNano: 1_500_000_000n, comment: order.id });
    const stop = startJobs(
      paymentJobs({ config: t.config, db: t.db, payments: t.app.deps.payments, log: recordingLog() }),
    );
    const deadline = Date.now() + 15_000;
    while ((await orderRow(t, order.id)).status !== 'paid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    expect((await orderRow(t, order.id)).status).toBe('paid');
    // The watcher polls every 5 s: a control job on that interval makes one pass, time for the stopped
    // watcher to have asked the indexer again had it not stopped.
    const queries = chain.queries.length;
    await letPassesGoBy(5_000, 1);
    expect(chain.queries.length).toBe(queries);
  });
});
