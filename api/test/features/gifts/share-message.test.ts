import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS, GIFT_ERRORS, giftClaimLink } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { startFakeBotApi, type FakeBotApi } from '../../fakes/bot-api.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { ownedEdition } from '../resale/fixtures.js';
import { onGift, sendGift } from './fixtures.js';

/** POST /api/gifts/:code/share-message: the bot prepares a message with a Claim button for the sender. */
describe('POST /api/gifts/:code/share-message', () => {
  let telegram: FakeBotApi;
  let t: TestApp;
  beforeEach(async () => {
    telegram = await startFakeBotApi();
    t = await buildTestApp({ config: { telegramApiRoot: telegram.apiRoot } });
  });
  afterEach(async () => {
    await t.close();
    await telegram.close();
  });

  const share = (code: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/gifts/${code}/share-message`, headers });

  it('prepares the gift with its note and a Claim button that opens its link, in the sender’s language', async () => {
    const { seller, editionId, serial } = await ownedEdition(t);
    const { gift } = await sendGift(t, seller, editionId, { note: 'Happy birthday' });
    const res = await share(gift.code, seller.headers);
    expect(res.statusCode).toBe(200);
    const [call] = telegram.acceptedCallsTo('savePreparedInlineMessage');
    expect(res.json()).toEqual({ id: (call!.result as { id: string }).id });
    const link = giftClaimLink(t.config.botUsername!, gift.code);
    expect(call!.params).toMatchObject({
      user_id: seller.id,
      result: {
        type: 'article',
        id: `gift_${gift.code}`,
        reply_markup: { inline_keyboard: [[{ text: 'Claim', url: link }]] },
      },
    });
    const text = (call!.params.result as { input_message_content: { message_text: string } }).input_message_content
      .message_text;
    expect(text).toContain(`#${serial} of`);
    expect(text).toContain('Happy birthday');

    // A sender who chose Russian shares it in Russian.
    await t.db.update(tables.users).set({ language: 'ru' }).where(eq(tables.users.id, seller.id));
    expect((await share(gift.code, seller.headers)).statusCode).toBe(200);
    const [, russian] = telegram.acceptedCallsTo('savePreparedInlineMessage');
    expect(russian!.params).toMatchObject({
      result: { reply_markup: { inline_keyboard: [[{ text: 'Забрать', url: link }]] } },
    });
    expect(JSON.stringify(russian!.params.result)).toContain(`#${serial} из`);
  });

  it('403 for anyone but the sender, 409 once claimed, 404 for an unknown code; nothing prepared', async () => {
    const { seller, editionId } = await ownedEdition(t);
    const { gift } = await sendGift(t, seller, editionId);
    const friend = await createUser(t);
    const stranger = await share(gift.code, friend.headers);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: GIFT_ERRORS.onlySenderShares });
    expect((await share('AbCdEfGhIjKlMnOpQrStUv', seller.headers)).statusCode).toBe(404);
    await onGift(t, friend, gift.code, 'claim');
    const claimed = await share(gift.code, seller.headers);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({ error: GIFT_ERRORS.closed });
    expect((await share(gift.code, {})).json()).toEqual({ error: API_ERRORS.unauthorized });
    expect(telegram.callsTo('savePreparedInlineMessage')).toHaveLength(0);
  });
});
