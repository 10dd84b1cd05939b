import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertUser } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { enqueueOutbox, outboxKey } from '@stickerdrop/core/testing';

const BUYER = 7272;

/**
 * A refund's notice: the refund worker and the Stars reconciliation (core, in the API's process) write a
 * `refund_notice` row, and the bot says it, like every other message to a person.
 */
describe('refund notice', () => {
  let t: TestApp;
  let fake: FakeBotApi;

  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
    await insertUser(t.db, { id: BUYER, firstName: 'Rae' });
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  it('tells the buyer once why the payment went back and how', async () => {
    const notice = { buyerId: BUYER, title: 'Cats <&> Dogs', reason: 'sold_out', route: 'stripe' as const };
    const key = outboxKey.refund_notice('stripe', 'cs_1');
    expect(await enqueueOutbox(t.db, 'refund_notice', notice, key)).toBe(true);
    expect(await enqueueOutbox(t.db, 'refund_notice', notice, key)).toBe(false);
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    await worker.drainOnce();

    const sent = fake.callsTo('sendMessage').map((call) => call.params);
    expect(sent.map((message) => [message.chat_id, message.text])).toEqual([
      [
        BUYER,
        'Your payment for <b>Cats &lt;&amp;&gt; Dogs</b> arrived after its reservation ran out, and the last ' +
          'editions had been sold meanwhile, so no edition was bought.\n' +
          'It has been refunded to your card; banks take 5–10 days to show it.',
      ],
    ]);
  });

  it('says nothing to a demo user, who has no chat, and is done with the row', async () => {
    const notice = { buyerId: -1, title: null, reason: 'duplicate_payment', route: 'demo' as const };
    await enqueueOutbox(t.db, 'refund_notice', notice, outboxKey.refund_notice('demo', 'demo-1'));
    const { worker } = outboxWorker(t, fake);
    expect(await worker.drainOnce()).toBe(1);
    expect(await worker.drainOnce()).toBe(0);
    expect(fake.callsTo('sendMessage')).toEqual([]);
  });
});
