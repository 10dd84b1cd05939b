import { expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { DESKTOP, PHONE, describeBrowser, newPage } from './support/browser';
import { callApi } from './support/page-api';
import { THEME, THEME_LIGHT, openInTelegram } from './support/telegram-mock';
import { screenChecker, themesApp } from './support/theme-screens';

/**
 * One test walks every screen in two schemes with axe-core on each: on a 2-core machine running the
 * other browser files beside it, that can outlast the project's budget for one test.
 */
const SCREEN_WALK_TIMEOUT_MS = 150_000;

/**
 * Inside Telegram the client's theme colours the page, and Telegram's own greys and blues fall
 * below AA on some themes (#708499 on #17212b is 4.2:1): themes.test.ts's check of every screen (axe's
 * contrast rule, no emoji), with Telegram's light and dark themes.
 */
describeBrowser('every screen legible in both Telegram themes', () => {
  const app = themesApp();

  // Each screen is checked in both themes on one page, switched as Telegram switches them; the phone is
  // launched in the dark theme and the desktop in the light one, so both launches are seen too.
  const telegramRuns = [
    [PHONE, THEME, 'dark'],
    [DESKTOP, THEME_LIGHT, 'light'],
  ] as const;

  it.each(telegramRuns.map(([viewport, theme, launched], index) => ({ viewport, theme, launched, index })))(
    'inside Telegram, light and dark at $viewport.width px (launched $launched): no contrast failure on any screen',
    async ({ viewport, theme, launched, index }) => {
      const { context, page, errors } = await newPage(app.browser(), viewport, launched);
      const { failures, emoji, check } = screenChecker(page, 'telegram', `theme-tg-{scheme}-${viewport.width}`);
      const server = app.server();
      const { buyableIds } = app.packs();
      const user = { id: 777_000_300 + index, first_name: 'Tina', username: `tina${index}` };
      await openInTelegram(page, server.url, { botToken: server.config.botToken!, user, theme });
      await page.getByTestId('pack-card').first().waitFor();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
      await check('home');

      await page.evaluate(() => (window.location.hash = '/marketplace'));
      await page.getByText('Average Price').waitFor();
      await page.getByTestId('pack-card').first().waitFor();
      await check('marketplace');

      // An edition of its own (bought on the demo rail through the API), for the pack, edition and collection.
      // Not one the web runs buy (the newest four) or make a scheduled drop (the oldest four).
      const packId = buyableIds[4 + index]!;
      const { order } = await callApi<{ order: Order }>(page, '/api/marketplace/buy', {
        stickerId: packId,
        paymentMethod: 'ton',
      });
      await callApi(page, `/api/orders/${order.id}/demo-pay`, {});
      await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), buyableIds[8 + index]!);
      await page.getByLabel('Buy this pack').waitFor();
      await page.getByText('No offers yet.').waitFor();
      await check('pack');
      await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), packId);
      await page.getByText(/You own this pack/).waitFor();
      await page.getByRole('heading', { name: 'Activity' }).waitFor();
      await check('pack-owned');

      await page.evaluate(() => (window.location.hash = '/create'));
      await page.getByRole('button', { name: 'Become a creator' }).waitFor();
      await check('create-locked');
      await page.getByRole('button', { name: 'Become a creator' }).click();
      await page.getByLabel('Stickers').waitFor();
      await check('create');

      await page.evaluate(() => (window.location.hash = '/profile'));
      await page.getByLabel('Statistics').waitFor();
      await check('profile');

      await page.evaluate(() => (window.location.hash = '/collection'));
      await page.getByTestId('pack-card').first().waitFor();
      await check('collection');

      const collection = await callApi<{ editionId: number }[]>(page, '/api/collection');
      await page.evaluate((id) => (window.location.hash = `/edition?id=${id}`), collection[0]!.editionId);
      await page.getByRole('heading', { name: 'Provenance' }).waitFor();
      await check('edition');

      console.info(`contrast in Telegram, light and dark, ${viewport.width}px: ${failures.length} failures`);
      expect(failures).toEqual([]);
      expect(emoji).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    SCREEN_WALK_TIMEOUT_MS,
  );
});
