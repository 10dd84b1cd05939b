import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../api/test/helpers.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertUser } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { enqueueOutbox, outboxKey } from '@stickerdrop/core/testing';

const CREATOR = 8181;
const BUYER = 8282;
const TX = 'https://tonviewer.com/transaction/' + 'ab'.repeat(32);

/**
 * Money the marketplace's own wallet sent, once the chain showed it arrived (the payout job writes the
 * rows in the transaction that confirms the payout): the creator is told what was paid, the buyer what was
 * refunded, each with the transaction's link, in their own language, once.
 */
describe('payout and refund messages', () => {
  let t: TestApp;
  let fake: FakeBotApi;
  beforeEach(async () => {
    t = await buildTestApp();
    fake = await startFakeBotApi();
  });
  afterEach(async () => {
    await fake.close();
    await t.close();
  });

  async function sentAfterDraining() {
    const { worker } = outboxWorker(t, fake);
    await worker.drainOnce();
    await worker.drainOnce();
    return fake.callsTo('sendMessage').map((call) => [call.params.chat_id, call.params.text, call.params.parse_mode]);
  }

  it('tells a creator "Paid 4.75 TON to your wallet" and a buyer "Refunded 2.00 TON", each with the link, once', async () => {
    await insertUser(t.db, { id: CREATOR, firstName: 'Ada' });
    await insertUser(t.db, { id: BUYER, firstName: 'Rae' });
    const paid = { userId: CREATOR, amount: '4.75', txUrl: TX };
    expect(await enqueueOutbox(t.db, 'payout_paid', paid, outboxKey.payout_paid(3))).toBe(true);
    expect(await enqueueOutbox(t.db, 'payout_paid', paid, outboxKey.payout_paid(3))).toBe(false);
    const refunded = { userId: BUYER, amount: '2.00', title: 'Cats <&> Dogs', txUrl: TX };
    await enqueueOutbox(t.db, 'refund_paid', refunded, outboxKey.refund_paid(4));
    await enqueueOutbox(t.db, 'refund_paid', { ...refunded, title: null }, outboxKey.refund_paid(5));

    const link = `<a href="${TX}">View the transaction</a>`;
    expect(await sentAfterDraining()).toEqual([
      [CREATOR, `Paid 4.75 TON to your wallet.\n${link}`, 'HTML'],
      [
        BUYER,
        `Refunded 2.00 TON for <b>Cats &lt;&amp;&gt; Dogs</b> to the wallet your payment came from.\n${link}`,
        'HTML',
      ],
      [BUYER, `Refunded 2.00 TON to the wallet your payment came from.\n${link}`, 'HTML'],
    ]);
  });

  it('speaks Russian to a Russian reader, with Russian digits', async () => {
    await insertUser(t.db, { id: CREATOR, firstName: 'Иван', language: 'ru' });
    await insertUser(t.db, { id: BUYER, firstName: 'Мария', language: 'ru' });
    await enqueueOutbox(
      t.db,
      'payout_paid',
      { userId: CREATOR, amount: '1234.75', txUrl: TX },
      outboxKey.payout_paid(6),
    );
    await enqueueOutbox(
      t.db,
      'refund_paid',
      { userId: BUYER, amount: '2.00', title: 'Котики', txUrl: TX },
      outboxKey.refund_paid(7),
    );
    const link = `<a href="${TX}">Посмотреть транзакцию</a>`;
    expect(await sentAfterDraining()).toEqual([
      [CREATOR, `Выплачено 1\u00a0234,75 TON на ваш кошелёк.\n${link}`, 'HTML'],
      [BUYER, `Возвращено 2,00 TON за <b>Котики</b> на кошелёк, с которого пришёл платёж.\n${link}`, 'HTML'],
    ]);
  });

  it('says the TON of a refund_required payment is on its way back when the payout wallet refunds it', async () => {
    await insertUser(t.db, { id: BUYER, firstName: 'Rae' });
    const notice = { buyerId: BUYER, title: 'Owls', reason: 'sold_out', route: 'ton_wallet' as const };
    await enqueueOutbox(t.db, 'refund_notice', notice, outboxKey.refund_notice('ton_wallet', 'tx-1'));
    expect(await sentAfterDraining()).toEqual([
      [
        BUYER,
        'Your payment for <b>Owls</b> arrived after its reservation ran out, and the last editions had been sold ' +
          'meanwhile, so no edition was bought.\nThe TON is on its way back to the wallet it came from; you will ' +
          'get a message when it arrives.',
        'HTML',
      ],
    ]);
  });
});
