import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { botApiSuite } from './support/bot-api-suite';
import { PHONE, describeBrowser, newPage, screenshot, toast } from './support/browser';
import { callApi } from './support/page-api';
import { openInTelegram, telegramEvents } from './support/telegram-mock';

/** A sender inside Telegram, and the friend the gift is for, inside Telegram in Russian. */
const SENDER = { id: 777_000_072, first_name: 'Sam', username: 'sam' };
const FRIEND = { id: 777_000_071, first_name: 'Рита', username: 'rita', language_code: 'ru' };

/**
 * A gift from one collector to another: the sender on the plain web makes a link from an edition they own,
 * the friend opens it inside Telegram (its start parameter), claims it, and owns the edition; the sender's
 * Gifts tab says it was claimed.
 */
describeBrowser('gifts in the mini-app', () => {
  const suite = botApiSuite();

  it('the sender makes a gift link on the web; the friend claims it in Telegram and owns the edition', async () => {
    const [pack] = await suite.server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    const sender = await newPage(suite.browser, PHONE, 'light');
    await sender.page.goto(`${suite.server.url}/#/login`);
    await sender.page.getByRole('button', { name: 'Continue as demo collector' }).click();
    await sender.page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    const { order } = await callApi<{ order: Order }>(sender.page, '/api/marketplace/buy', {
      stickerId: pack!.id,
      paymentMethod: 'demo',
    });
    const paid = await callApi<{ order: Order }>(sender.page, `/api/orders/${order.id}/demo-pay`, {});
    const [owned] = await callApi<{ editionId: number; serial: number }[]>(sender.page, '/api/collection');

    await sender.page.goto(`${suite.server.url}/#/edition?id=${owned!.editionId}`);
    await sender.page.getByRole('button', { name: 'Send as a gift' }).click();
    await sender.page.getByLabel(/^Note/).fill('С днём рождения!');
    await sender.page.getByRole('button', { name: 'Create gift link' }).click();
    await toast(sender.page, 'Gift link ready: send it to your friend').waitFor();
    await sender.page.getByText('Your gift is waiting for your friend').waitFor();
    const link = await sender.page.getByRole('textbox', { name: 'Share the link' }).inputValue();
    const code = /startapp=gift_([A-Za-z0-9_-]{22})$/.exec(link)?.[1];
    expect(code).toBeTruthy();
    await screenshot(sender.page, 'gift-sender-390-light');

    const friend = await newPage(suite.browser, PHONE, 'dark');
    await openInTelegram(friend.page, suite.server.url, {
      botToken: suite.server.config.botToken!,
      user: FRIEND,
      startParam: `gift_${code}`,
    });
    const title = `Mochi Feelings #${paid.order.edition} из ${pack!.maxSupply}`;
    await friend.page.getByRole('heading', { name: title }).waitFor();
    await friend.page.getByText('С днём рождения!').waitFor();
    await screenshot(friend.page, 'gift-claim-telegram-390-dark-ru');
    await friend.page.getByRole('button', { name: 'Забрать' }).click();
    await friend.page.getByText('Этот подарок уже забрали').waitFor();
    await friend.page.getByRole('link', { name: 'Открыть экземпляр' }).click();
    await friend.page.getByText(/@rita/).first().waitFor();

    const [edition] = await suite.server.db
      .select({ ownerId: tables.editions.ownerId })
      .from(tables.editions)
      .where(eq(tables.editions.id, owned!.editionId));
    expect(edition!.ownerId).toBe(FRIEND.id);

    await sender.page.goto(`${suite.server.url}/#/collection?tab=gifts`);
    const row = sender.page.getByRole('listitem').filter({ hasText: `#${paid.order.edition} of` });
    await row.getByText('Claimed').waitFor();
    await screenshot(sender.page, 'gift-tab-390-light');
  });

  it('inside Telegram its sender shares a message the bot prepared, with a Claim button', async () => {
    const [pack] = await suite.server.db.select().from(tables.packs).where(eq(tables.packs.title, 'Mochi Feelings'));
    const sender = await newPage(suite.browser, PHONE, 'light');
    await openInTelegram(sender.page, suite.server.url, { botToken: suite.server.config.botToken!, user: SENDER });
    await expect.poll(() => sender.page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    const { order } = await callApi<{ order: Order }>(sender.page, '/api/marketplace/buy', {
      stickerId: pack!.id,
      paymentMethod: 'demo',
    });
    await callApi(sender.page, `/api/orders/${order.id}/demo-pay`, {});
    const [owned] = await callApi<{ editionId: number }[]>(sender.page, '/api/collection');
    const { gift } = await callApi<{ gift: { code: string } }>(
      sender.page,
      `/api/editions/${owned!.editionId}/gift`,
      {},
    );

    await sender.page.goto(`${suite.server.url}/#/gift?code=${gift.code}`);
    await sender.page.getByRole('button', { name: 'Share the link' }).click();
    await expect
      .poll(async () => (await telegramEvents(sender.page)).filter((e) => e.type === 'web_app_send_prepared_message'))
      .toHaveLength(1);
    const [prepared] = suite.telegram.acceptedCallsTo('savePreparedInlineMessage');
    expect(prepared?.params).toMatchObject({
      user_id: SENDER.id,
      result: { id: `gift_${gift.code}`, reply_markup: { inline_keyboard: [[{ text: 'Claim' }]] } },
    });
  });
});
