import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, describeBrowser, newPage } from './support/browser';
import { screenChecker, themesApp } from './support/theme-screens';
import { tables } from '@stickerdrop/core/testing';

/**
 * One test walks every screen in two schemes with axe-core on each: on a 2-core machine running the
 * other browser files beside it, that can outlast the project's budget for one test.
 */
const SCREEN_WALK_TIMEOUT_MS = 150_000;

/**
 * On the plain web we choose the palette, so every screen must be legible in the system's light
 * and dark schemes, on a phone and a desktop: axe-core's color-contrast rule (WCAG AA) finds nothing.
 * And no screen shows an emoji (empty boxes without an emoji font): icons are SVG. Inside Telegram, where
 * the client's theme colours the page, the same check is in themes-telegram.test.ts.
 */
describeBrowser('every screen legible in both system schemes', () => {
  const app = themesApp();

  // Each screen is checked in both schemes on one page, switched as a person switches the system's.
  it.each([PHONE, DESKTOP].map((viewport, index) => ({ viewport, index })))(
    'light and dark at $viewport.width px: no contrast failure on any screen',
    async ({ viewport, index }) => {
      const { context, page, errors } = await newPage(app.browser(), viewport);
      const { failures, emoji, check } = screenChecker(page, 'web', `theme-{scheme}-${viewport.width}`);
      /** The app's own navigation to `route`, as a link does: the document and its state stay. */
      const go = (route: string) => page.evaluate((hash) => (window.location.hash = hash), route);
      const server = app.server();
      const { packIds, dropPackIds } = app.packs();
      // Each run buys its own pack, so the demo buyer's collection grows without a repeat purchase.
      const packId = packIds[index]!;

      await page.goto(server.url);
      await page.getByTestId('pack-card').first().waitFor();
      await check('home');

      await go('/marketplace');
      await page.getByTestId('pack-card').first().waitFor();
      await page.getByText('Average Price').waitFor();
      await check('marketplace');

      await go('/login');
      await page.getByRole('heading', { name: 'Welcome to Stickerdrop' }).waitFor();
      await check('login');
      await page.getByRole('button', { name: 'Continue as demo creator' }).click();
      await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();

      await go(`/sticker?id=${packId}`);
      await page.getByLabel('Buy this pack').waitFor();
      await page.getByText('No offers yet.').waitFor();
      await check('pack');
      // The market's chart, listings and activity arrive on their own: once in, nothing above the offers moves.
      await page.locator('.market .loading').first().waitFor({ state: 'detached' });
      // The pack's offers, the Make offer form, and the list with the viewer's own offer.
      await page.getByRole('button', { name: 'Make offer' }).click();
      await page.getByLabel('Your offer (TON)').fill('0.5');
      await check('pack-offer-form');
      // Sent with Enter from the price, as a keyboard does: on this long page (a week of demo sales in the feed)
      // the button could still move under the pointer as the page settled, and the click landed beside it.
      await page.getByLabel('Your offer (TON)').press('Enter');
      await page.getByRole('list', { name: 'Open offers' }).waitFor();
      await check('pack-offers');
      await page.getByRole('button', { name: /^Buy Now/ }).click();
      await page.getByTestId('payment-step').waitFor();
      await check('pack-paying');
      await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
      await page.getByText(/You own this pack/).waitFor();
      await check('pack-owned');

      // A scheduled drop's pack page, with its countdown, Notify me and the locked Buy.
      const dropPackId = dropPackIds[index]!;
      const dropsAt = new Date(Date.now() + 86_400_000);
      await server.db.update(tables.packs).set({ dropsAt }).where(eq(tables.packs.id, dropPackId));
      await go(`/sticker?id=${dropPackId}`);
      await page.getByRole('timer').waitFor();
      await check('pack-drop');

      await go('/create');
      await page
        .getByRole('button', { name: /Create/ })
        .last()
        .waitFor();
      await check('create');

      await go('/profile');
      await page.getByLabel('Statistics').waitFor();
      await check('profile');

      await go('/collection');
      await page.getByTestId('pack-card').first().waitFor();
      await check('collection');

      // The edition just bought: its provenance page (resale) is a screen of its own.
      const editionId = await page.evaluate(async () => {
        const headers = { authorization: `Bearer ${localStorage.getItem('accessToken')}` };
        const collection = (await (await fetch('/api/collection', { headers })).json()) as { editionId: number }[];
        return collection[0]!.editionId;
      });
      await go(`/edition?id=${editionId}`);
      await page.getByRole('heading', { name: 'Provenance' }).waitFor();
      await check('edition');

      // The collection's Offers tab: received, then made (the pack-wide offer above).
      await go('/collection?tab=offers');
      await page.locator('[aria-label="My offers"] .loading').waitFor({ state: 'detached' });
      await check('collection-offers-received');
      await page.getByRole('button', { name: 'Made' }).click();
      await page.getByRole('list', { name: 'Offers made' }).waitFor();
      await check('collection-offers-made');

      if (viewport.width <= 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Menu' }).waitFor();
        await check('drawer');
      }

      console.info(`contrast light and dark ${viewport.width}px: ${failures.length} failures`);
      expect(failures).toEqual([]);
      expect(emoji).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    SCREEN_WALK_TIMEOUT_MS,
  );
});
