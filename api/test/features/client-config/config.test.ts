import { afterEach, expect, it } from 'vitest';
import { ClientConfig } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';

describeEachDatabase('GET /api/config', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const get = async () => {
    const res = await t!.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    return ClientConfig.parse(res.json());
  };

  it('with demo on: the demo rail first, then the configured ones, and the bot name', async () => {
    t = await buildTestApp({ kind, config: { demo: true, paymentMethods: ['ton', 'stripe', 'stars'] } });
    expect(await get()).toEqual({
      demo: true,
      botUsername: 'stickerdrop_test_bot',
      paymentMethods: ['demo', 'ton', 'stripe', 'stars'],
      marketFeeBps: 250,
      starsPerTon: 250,
      starsResaleLockDays: 21,
    });
  });

  it('with demo off: only the configured rails, never demo; no bot name when none is set', async () => {
    t = await buildTestApp({
      kind,
      config: {
        demo: false,
        botUsername: undefined,
        paymentMethods: ['stripe', 'demo'],
        // Outside demo mode a rail is offered only when configured.
        stripe: { secretKey: 'sk_test_configured', webhookSecret: 'whsec_configured', apiBase: undefined },
      },
    });
    expect(await get()).toEqual({
      demo: false,
      botUsername: null,
      paymentMethods: ['stripe'],
      marketFeeBps: 250,
      starsPerTon: 250,
      starsResaleLockDays: 21,
    });
  });
});
