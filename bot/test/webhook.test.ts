import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { buyPack } from '@stickerdrop/core';
import { startWebhook, type WebhookServer } from '../src/runtime/webhook.js';
import { startBot } from '../src/runtime/start.js';
import { createHarness, PUBLIC_URL, TOKEN, type Harness } from './support/harness.js';
import { insertPack, insertUser } from './support/fixtures.js';
import { preCheckoutUpdate, telegramUser, textUpdate } from './support/updates.js';

const alice = telegramUser(5_550_001, 'Alice', 'alice');
const SECRET = 'webhook-secret-0123456789abcdef';
const URL_ = 'https://bot.stickerdrop.test/telegram/webhook';

describe('webhook mode', () => {
  let t: Harness;
  let server: WebhookServer | undefined;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await t.close();
  });

  const post = (
    body: unknown,
    headers: Record<string, string> = { 'x-telegram-bot-api-secret-token': SECRET },
    path = '/telegram/webhook',
  ) =>
    fetch(`${server!.address}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('registers the webhook with its secret and never drops pending updates', async () => {
    server = await startWebhook(t.bot, { url: URL_, secret: SECRET, port: 0, host: '127.0.0.1' }, t.log);
    const [setWebhook] = t.api.callsTo('setWebhook');
    expect(setWebhook!.params).toMatchObject({ url: URL_, secret_token: SECRET, drop_pending_updates: false });
  });

  it('handles an update that carries the secret token, and refuses any other request', async () => {
    server = await startWebhook(t.bot, { url: URL_, secret: SECRET, port: 0, host: '127.0.0.1' }, t.log);

    expect((await post(textUpdate(alice, '/start'), {})).status).toBe(401);
    expect((await post(textUpdate(alice, '/start'), { 'x-telegram-bot-api-secret-token': 'wrong' })).status).toBe(401);
    expect((await post(textUpdate(alice, '/start'), { 'x-telegram-bot-api-secret-token': `${SECRET}x` })).status).toBe(
      401,
    );
    expect((await post(textUpdate(alice, '/start'), undefined, '/other')).status).toBe(404);
    expect(t.api.messagesTo(alice.id)).toHaveLength(0);

    const res = await post(textUpdate(alice, '/start'));
    expect(res.status).toBe(200);
    expect(t.api.textsTo(alice.id)).toHaveLength(1);
    expect(t.api.textsTo(alice.id)[0]).toContain(SPEC_TEXTS.homeTagline);
  });

  it('on stop, finishes the update in hand before closing', async () => {
    server = await startWebhook(t.bot, { url: URL_, secret: SECRET, port: 0, host: '127.0.0.1' }, t.log);
    t.api.delay('sendMessage', 500);
    const inFlight = post(textUpdate(alice, '/help'));
    await t.api.waitFor(() => t.api.callsTo('sendMessage').length === 1, 5_000, 'the reply to start');
    const stopping = server.stop();
    server = undefined;
    await stopping;
    // The reply went out before stop resolved.
    expect(t.api.callsTo('sendMessage')[0]!.status).toBe(200);
    expect((await inFlight).status).toBe(200);
  });

  it('answers a pre-checkout query in the webhook response, with no Bot API request of its own', async () => {
    server = await startWebhook(t.bot, { url: URL_, secret: SECRET, port: 0, host: '127.0.0.1' }, t.log);
    const orderId = await starsOrderOf(t, alice.id, STARS);
    const yes = preCheckoutUpdate(alice, orderId, STARS);
    const wrongAmount = preCheckoutUpdate(alice, orderId, STARS - 1);

    const answered = await post(yes);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toBe('application/json');
    expect(await answered.json()).toEqual({
      method: 'answerPreCheckoutQuery',
      pre_checkout_query_id: yes.pre_checkout_query!.id,
      ok: true,
    });
    expect(await (await post(wrongAmount)).json()).toMatchObject({
      method: 'answerPreCheckoutQuery',
      pre_checkout_query_id: wrongAmount.pre_checkout_query!.id,
      ok: false,
      error_message: API_ERRORS.paymentAmountMismatch,
    });
    expect(t.api.callsTo('answerPreCheckoutQuery')).toHaveLength(0);
    // Any other update still answers with an empty 200 and makes its calls itself.
    const text = await post(textUpdate(alice, '/start'));
    expect(await text.text()).toBe('');
    expect(t.api.textsTo(alice.id)).toHaveLength(1);
  });

  it('startBot runs the webhook when BOT_WEBHOOK_URL is configured', async () => {
    const port = await freePort();
    const bot = await startBot({
      config: {
        botToken: TOKEN,
        publicUrl: PUBLIC_URL,
        telegramApiRoot: t.api.apiRoot,
        webhook: { url: URL_, secret: SECRET, port, host: '127.0.0.1' },
      },
      db: t.db,
      storage: t.storage,
      log: t.log,
    });
    try {
      await bot.ready;
      expect(t.api.callsTo('setWebhook')).toHaveLength(1);
      expect(t.api.callsTo('getUpdates')).toHaveLength(0);
      const res = await fetch(`http://127.0.0.1:${port}/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        body: JSON.stringify(textUpdate(alice, '/paysupport')),
      });
      expect(res.status).toBe(200);
      expect(t.api.textsTo(alice.id).at(-1)).toContain('Payment support');
    } finally {
      await bot.stop();
    }
    // The webhook stays registered while the bot is down, so Telegram keeps the updates.
    expect(t.api.callsTo('deleteWebhook')).toHaveLength(0);
  });
});

const STARS = 375;

/** A Stars order of `buyerId`'s for a pack of a creator of its own, reserved as the API reserves it. */
async function starsOrderOf(t: Harness, buyerId: number, stars: number): Promise<string> {
  await insertUser(t.db, { id: 900, isCreator: true });
  await insertUser(t.db, { id: buyerId, firstName: 'Alice' });
  const packId = await insertPack(t, 900, { title: 'Webhook cats' });
  const rail = {
    method: 'stars' as const,
    createPayment: () => ({ kind: 'stars' as const, invoiceLink: 'https://t.me/$invoice', stars }),
  };
  const { order } = await buyPack(t.db, {
    userId: buyerId,
    packId,
    paymentMethod: 'stars',
    railFor: () => rail,
    now: t.clock.now,
  });
  return order.id;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
