import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { packAppLink, starsFor } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import type { TestServer } from './support/app-server';
import { botApiSuite } from './support/bot-api-suite';
import { PHONE, describeBrowser, newPage, screenshot, toast } from './support/browser';
import {
  THEME,
  lastMainButton,
  lastOf,
  openInTelegram,
  pressNative,
  telegramEvents,
  type TelegramLaunch,
} from './support/telegram-mock';

async function packId(server: TestServer, search: string): Promise<number> {
  const response = await fetch(`${server.url}/api/stickers?search=${encodeURIComponent(search)}`);
  const body = (await response.json()) as { items: { id: number }[] };
  return body.items[0]!.id;
}

const eventsOf = async (page: Page, type: string) =>
  (await telegramEvents(page)).filter((event) => event.type === type);

/** Opens the app as Telegram does, signed in automatically as `user`. */
async function launchSignedIn(page: Page, server: TestServer, launch: Omit<TelegramLaunch, 'botToken'>) {
  await openInTelegram(page, server.url, { botToken: server.config.botToken!, ...launch });
  await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

/** In the running app (a new launch would reload it), opens a pack and buys it with TON on the demo rail. */
async function buyInTelegram(page: Page, server: TestServer, search: string): Promise<number> {
  const id = await packId(server, search);
  await page.goto(`${server.url}/#/sticker?id=${id}`);
  await page.locator('label', { hasText: 'TON' }).click();
  await pressNative(page, 'main_button_pressed');
  await page.getByTestId('payment-step').waitFor();
  await pressNative(page, 'main_button_pressed');
  await page.getByText(/You own this pack/).waitFor();
  return id;
}

describeBrowser('inside a mocked Telegram client', () => {
  const suite = botApiSuite();

  it('starts natively: ready, expand, theme variables kept live, viewport height, automatic sign-in', async () => {
    const { context, page, errors } = await newPage(suite.browser, PHONE);
    await openInTelegram(page, suite.server.url, { botToken: suite.server.config.botToken! });
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/');
    const types = (await telegramEvents(page)).map((event) => event.type);
    expect(types).toContain('web_app_ready');
    expect(types).toContain('web_app_expand');
    // Home never shows the back button (Telegram starts with it hidden).
    expect((await eventsOf(page, 'web_app_setup_back_button')).some((event) => event.data?.is_visible)).toBe(false);

    const cssVar = (name: string) =>
      page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
    expect(await cssVar('--tg-theme-bg-color')).toBe(THEME.bg_color);
    // Bound raw: the page's button colour is derived from it for contrast (app/telegram-palette.css).
    expect(await cssVar('--tg-raw-button-color')).toBe(THEME.button_color);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(35, 46, 60)');
    await expect.poll(() => cssVar('--tg-viewport-height')).toBe(`${PHONE.height}px`);

    // The user switches Telegram to a light theme: the variables follow at once.
    await page.evaluate(() =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } } }
      ).Telegram.WebView.receiveEvent('theme_changed', {
        theme_params: { bg_color: '#ffffff', secondary_bg_color: '#efeff4', text_color: '#000000' },
      }),
    );
    await expect.poll(() => cssVar('--tg-theme-bg-color')).toBe('#ffffff');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(239, 239, 244)');

    // Signed in with the init data, no button pressed: the tab bar has the signed-in tabs (no
    // hamburger inside Telegram).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the pack of a pack_<id> start parameter; back button shown there and goes home', async () => {
    const id = await packId(suite.server, 'ramen');
    const { context, page } = await newPage(suite.browser, PHONE);
    await openInTelegram(page, suite.server.url, { botToken: suite.server.config.botToken!, startParam: `pack_${id}` });
    await page.getByRole('heading', { name: 'Midnight Ramen' }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/sticker?id=${id}`);
    await expect
      .poll(async () => (await eventsOf(page, 'web_app_setup_back_button')).at(-1)?.data)
      .toEqual({
        is_visible: true,
      });
    // No page back button inside Telegram: the native one stands in.
    expect(await page.getByRole('button', { name: '‹ Back' }).count()).toBe(0);
    await pressNative(page, 'back_button_pressed');
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await expect
      .poll(async () => (await eventsOf(page, 'web_app_setup_back_button')).at(-1)?.data)
      .toEqual({
        is_visible: false,
      });
    await context.close();
  });

  it('buys with the Main Button through the demo rail, then downloads, likes, shares and adds to Telegram', async () => {
    const id = await packId(suite.server, 'mochi');
    const { context, page, errors } = await newPage(suite.browser, PHONE);
    await openInTelegram(page, suite.server.url, {
      botToken: suite.server.config.botToken!,
      startParam: `pack_${id}`,
      user: { id: 777_000_002, first_name: 'Bea', username: 'bea' },
    });
    await page.getByRole('heading', { name: 'Mochi Feelings' }).waitFor();
    // Stars, the default inside Telegram: the Main Button says the Stars the invoice would charge for
    // 1.20 TON, and the resale lock a Stars payment brings is said before paying.
    const stars = starsFor(1_200_000_000n, suite.server.config.starsPerTon);
    await expect
      .poll(async () => lastMainButton(await telegramEvents(page)))
      .toMatchObject({
        text: `Buy Now · ${String.fromCodePoint(0x2b50)} ${stars}`,
        is_visible: true,
        is_active: true,
      });
    await page
      .getByTestId('stars-lock-note')
      .getByText(
        'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
      )
      .waitFor();
    // The native Main Button replaces the page's Buy Now.
    expect(await page.getByRole('button', { name: /^Buy Now/ }).count()).toBe(0);
    await screenshot(page, 'telegram-pack-390');

    // Wait for the automatic sign-in before buying.
    await page.getByRole('link', { name: /Profile of Bea/ }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // Telegram's Bot Developer Terms: Stars (the default) and TON, never a card.
    expect(await page.locator('.payment-choice label').allTextContents()).toEqual(['Telegram Stars', 'TON']);
    expect(await page.getByRole('radio', { name: 'Telegram Stars' }).isChecked()).toBe(true);
    // TON, paid on the demo rail (no receiver configured); Stars is played in payments.test.ts. SPEC's
    // TON texts stay exactly as they were, and no lock is said.
    await page.locator('label', { hasText: 'TON' }).click();
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.text).toBe('Buy Now · 1.20 TON');
    expect(await page.getByTestId('stars-lock-note').count()).toBe(0);
    await pressNative(page, 'main_button_pressed');
    await page.getByTestId('payment-step').waitFor();
    await expect
      .poll(async () => lastMainButton(await telegramEvents(page)))
      .toMatchObject({
        text: 'Pay (demo) · 1.20 TON',
        is_visible: true,
      });
    const progress = (await eventsOf(page, 'web_app_setup_main_button')).some(
      (event) => event.data?.is_progress_visible,
    );
    expect(progress).toBe(true);
    // A payment is open: closing the app asks first.
    expect(lastOf(await telegramEvents(page), 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    await screenshot(page, 'telegram-demo-pay-390');
    await pressNative(page, 'main_button_pressed');
    await toast(page, SPEC_TEXTS.purchaseSuccess).waitFor();
    await expect
      .poll(async () => lastOf(await telegramEvents(page), 'web_app_setup_closing_behavior'))
      .toEqual({ need_confirmation: false });
    await page.getByRole('button', { name: 'Download' }).waitFor();
    await page.getByText(/You own this pack \(edition #\d+ of 200\)/).waitFor();
    expect(await page.getByLabel('Buy this pack').count()).toBe(0);
    await expect.poll(async () => lastMainButton(await telegramEvents(page))?.is_visible).toBe(false);
    expect(await eventsOf(page, 'web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'web_app_trigger_haptic_feedback',
      data: { type: 'notification', notification_type: 'success' },
    });
    await screenshot(page, 'telegram-owned-390');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Mochi_Feelings.zip');
    const zip = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of zip) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');

    const like = page.getByRole('button', { name: /^Like \(\d+\)$/ });
    const before = Number((await like.textContent())!.trim());
    await like.click();
    await page.getByRole('button', { name: `Like (${before + 1})` }).waitFor();
    expect(await eventsOf(page, 'web_app_trigger_haptic_feedback')).toContainEqual({
      type: 'web_app_trigger_haptic_feedback',
      data: { type: 'impact', impact_style: 'light' },
    });

    // Share: the bot prepares a message for Bea (savePreparedInlineMessage), Telegram sends it where she picks.
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(async () => (await eventsOf(page, 'web_app_send_prepared_message')).length).toBe(1);
    const [prepared] = suite.telegram.acceptedCallsTo('savePreparedInlineMessage');
    expect(prepared?.params).toMatchObject({ user_id: 777_000_002, result: { id: `pack_${id}` } });
    expect((await eventsOf(page, 'web_app_send_prepared_message'))[0]?.data).toEqual({
      id: (prepared!.result as { id: string }).id,
    });
    expect(await eventsOf(page, 'web_app_open_tg_link')).toEqual([]);

    // Owned: "Add to Telegram" is the native Secondary Button, not a page button.
    await expect
      .poll(async () => lastOf(await telegramEvents(page), 'web_app_setup_secondary_button'))
      .toMatchObject({ text: 'Add to Telegram', is_visible: true, is_active: true });
    expect(await page.getByRole('button', { name: 'Add to Telegram' }).count()).toBe(0);
    await pressNative(page, 'secondary_button_pressed');
    await toast(page, 'Your sticker set is on its way').waitFor();

    // The purchase shows in the collection with its edition number.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click();
    await page.getByRole('heading', { name: 'My Collection' }).waitFor();
    const card = page.getByTestId('pack-card').filter({ hasText: 'Mochi Feelings' });
    await card.getByText(/Edition #\d+ of 200/).waitFor();
    await card.getByText('1.20 TON').waitFor();
    await page.getByLabel('Collection statistics').getByText('1.20 TON').waitFor();
    await screenshot(page, 'telegram-collection-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after the second purchase offers the home screen once (checkHomeScreenStatus, addToHomeScreen)', async () => {
    const { context, page, errors } = await newPage(suite.browser, PHONE);
    await launchSignedIn(page, suite.server, { user: { id: 777_000_003, first_name: 'Cy', username: 'cy' } });
    await buyInTelegram(page, suite.server, 'ramen');
    expect(await eventsOf(page, 'web_app_check_home_screen')).toEqual([]);
    await buyInTelegram(page, suite.server, 'kitten');
    await expect.poll(async () => (await eventsOf(page, 'web_app_add_to_home_screen')).length).toBe(1);
    expect(await eventsOf(page, 'web_app_check_home_screen')).toHaveLength(1);
    await buyInTelegram(page, suite.server, 'neon');
    expect(await eventsOf(page, 'web_app_check_home_screen')).toHaveLength(1);
    expect(await eventsOf(page, 'web_app_add_to_home_screen')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on an old client (7.0) nothing throws: page buttons, link sharing, no home-screen offer', async () => {
    const { context, page, errors } = await newPage(suite.browser, PHONE);
    await launchSignedIn(page, suite.server, {
      user: { id: 777_000_004, first_name: 'Dee', username: 'dee' },
      version: '7.0',
    });
    await buyInTelegram(page, suite.server, 'orbit');
    const id = await buyInTelegram(page, suite.server, 'sushi');
    // No Secondary Button before 7.10: the page's own button stands in.
    await page.getByRole('button', { name: 'Add to Telegram' }).waitFor();
    expect(await eventsOf(page, 'web_app_setup_secondary_button')).toEqual([]);
    // No shareMessage before 8.0: Telegram's share-to-chat sheet with the link.
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(async () => (await eventsOf(page, 'web_app_open_tg_link')).at(-1)?.data?.path_full)
      .toContain(encodeURIComponent(packAppLink(suite.server.config.botUsername!, id)));
    expect(await eventsOf(page, 'web_app_send_prepared_message')).toEqual([]);
    expect(await eventsOf(page, 'web_app_check_home_screen')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
