import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { describeBrowser, firstScreen, screenshot, toast } from './support/browser';
import { FIRST_SCREEN_PX, SCREEN_CASES, screensApp } from './support/screen-cases';
import type { Where } from './support/open-app';
import { switchScheme } from './support/both-themes';
import { pressNative } from './support/telegram-mock';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * The screens as collectors use them, at a phone's and a desktop's width, on the plain web and
 * inside the emulated Telegram client: routes open at the top, Telegram's navigation is a tab bar, the
 * price is in the first screen, toasts one at a time and clear of the navigation. The market's screens
 * (edition page, price chart, sell sheet) are in screens-market.test.ts.
 */
describeBrowser('screens that finish the job', () => {
  const app = screensApp();
  const open = app.open;

  async function back(where: Where, page: Page) {
    if (where === 'telegram') await pressNative(page, 'back_button_pressed');
    else await page.goBack();
  }

  const cases = SCREEN_CASES;

  it.each(cases)(
    '$where at $width px: a new route opens at the top, Back restores the position',
    async ({ where, viewport }) => {
      const { context, page, errors } = await open(where, viewport);
      const card = page.getByTestId('pack-card').last();
      await card.scrollIntoViewIfNeeded();
      // As a person's scroll, it is seen (its scroll event dispatched) before the tap: on a busy machine the
      // tap could otherwise reach the app first, which then kept the position from before these 40 px.
      await page.evaluate(
        () =>
          new Promise((scrolled) => {
            window.addEventListener('scroll', scrolled, { once: true });
            window.scrollBy(0, 40);
          }),
      );
      const left = await scrollY(page);
      expect(left).toBeGreaterThan(200);
      const title = (await card.locator('h3, .pack-card__title').first().textContent())!.trim();
      await card.click({ force: true });
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(await scrollY(page)).toBe(0);
      // The pack's picture is below the header, not under it.
      // The page's header, not the offer sheet's.
      const header = (await page.locator('header.header').boundingBox())!;
      const picture = (await page.locator('.detail__media > *').first().boundingBox())!;
      expect(picture.y).toBeGreaterThanOrEqual(header.y + header.height);

      await back(where, page);
      await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      await expect.poll(() => scrollY(page)).toBe(left);

      // Every other route opens at the top too, wherever the last one was scrolled.
      const goScrolled = async (route: string) => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        expect(await scrollY(page)).toBeGreaterThan(0);
        await page.evaluate((hash) => (window.location.hash = hash), route);
      };
      if (where === 'web') {
        await goScrolled('/login');
        await page.getByRole('heading', { name: 'Welcome to Stickerdrop' }).waitFor();
        expect(await scrollY(page)).toBe(0);
        await page.getByRole('button', { name: 'Continue as demo collector' }).click();
        await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
      }
      for (const [route, heading] of [
        ['/marketplace', 'Marketplace'],
        ['/collection', 'My Collection'],
        ['/profile', 'Profile'],
        ['/create', /^(Creator Access Required|Create Sticker Pack)$/],
      ] as const) {
        await goScrolled(route);
        await page
          .locator('main')
          .getByText(heading, { exact: typeof heading === 'string' })
          .first()
          .waitFor();
        expect(await scrollY(page), route).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(cases)('$where at $width px: the navigation', async ({ where, viewport }) => {
    const { context, page, errors } = await open(where, viewport);
    if (where === 'telegram') {
      // Telegram's header has the title and the close button: ours keeps the logo and the avatar only.
      expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
      expect(await page.locator('header nav').count()).toBe(0);
      await page
        .locator('header')
        .getByRole('link', { name: /Profile of Tess/ })
        .waitFor();
      const tabs = page.getByRole('navigation', { name: 'Main' });
      await expect
        .poll(() => tabs.getByRole('link').allTextContents())
        .toEqual(['Home', 'Marketplace', 'Collection', 'Profile']);
      // Always one tap away: fixed to the bottom of the window, wherever the page is scrolled.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = (await tabs.boundingBox())!;
      expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
      // The footer ends the content above the bar, not under it.
      const footer = (await page.locator('footer').boundingBox())!;
      expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y + 1);
      await firstScreen(page, `screens-tg-${viewport.width}-home-bottom`);
      await tabs.getByRole('link', { name: 'Collection' }).click();
      await page.getByRole('heading', { name: 'My Collection' }).waitFor();
      expect(await tabs.getByRole('link', { name: 'Collection' }).getAttribute('aria-current')).toBe('page');
      await tabs.getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await screenshot(page, `screens-tg-${viewport.width}-profile`);
    } else {
      // The plain web keeps the spec's header, and its drawer at 768 px and below.
      expect(await page.locator('.tabbar').count()).toBe(0);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (viewport.width <= 768) {
        await toggle.click();
        await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Marketplace' }).waitFor();
      } else {
        expect(await toggle.isVisible()).toBe(false);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).waitFor();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  // One pack page for both checks: what its first screen holds, then its toasts.
  it.each(cases)(
    '$where at $width px: the price, what is left and Buy are in the first screen; one toast at a time, clear of the navigation',
    async ({ where, viewport }) => {
      const { context, page, errors } = await open(where, viewport);
      const { items } = (await (await fetch(`${app.server().url}/api/stickers?q=ramen`)).json()) as {
        items: { id: number }[];
      };
      await page.evaluate((id) => (window.location.hash = `/sticker?id=${id}`), items[0]!.id);
      const box = page.getByLabel('Buy this pack');
      await box.waitFor();
      const bottomOf = async (selector: string) => {
        const rect = (await box.locator(selector).boundingBox())!;
        return rect.y + rect.height;
      };
      expect(await bottomOf('.price-box__price')).toBeLessThanOrEqual(FIRST_SCREEN_PX);
      expect(await bottomOf('.price-box__supply')).toBeLessThanOrEqual(FIRST_SCREEN_PX);
      if (where === 'web') {
        expect(await bottomOf('button:has-text("Buy Now")')).toBeLessThanOrEqual(FIRST_SCREEN_PX);
      }
      for (const scheme of ['dark', 'light'] as const) {
        await switchScheme(page, where, scheme);
        await screenshot(page, `screens-${where}-${viewport.width}-${scheme}-pack`);
      }

      // Two toasts in a row: the second replaces the first.
      if (where === 'web') {
        await page.getByRole('button', { name: /^Like \(\d+\)$/ }).click();
        await toast(page, MESSAGES.likeRequiresLogin).waitFor();
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.getByRole('button', { name: 'Share' }).click();
        await toast(page, SPEC_TEXTS.linkCopied).waitFor();
      } else {
        // The offer sheet's Send is Telegram's Main Button here.
        await page.getByRole('button', { name: 'Make offer' }).click();
        await page.getByLabel('Your offer (TON)').fill('0');
        await pressNative(page, 'main_button_pressed');
        await toast(page, MESSAGES.priceInvalid).waitFor();
        await page.getByLabel('Your offer (TON)').fill('0.001');
        await pressNative(page, 'main_button_pressed');
        await toast(page, MESSAGES.priceInvalid).waitFor();
      }
      expect(await page.locator('.toast').count()).toBe(1);
      const shown = (await page.locator('.toast').boundingBox())!;
      // The page's header, not the offer sheet's.
      const header = (await page.locator('header.header').boundingBox())!;
      // Top-centre, below the header's bar (the logo and the avatar stay visible), never over the tab bar.
      expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(Math.abs(shown.x + shown.width / 2 - viewport.width / 2)).toBeLessThan(4);
      if (where === 'telegram') {
        // Found by its class: the open offer sheet hides the page beneath it from the accessibility tree.
        const bar = (await page.locator('nav.tabbar').boundingBox())!;
        expect(shown.y + shown.height).toBeLessThan(bar.y);
      }
      await screenshot(page, `screens-${where}-${viewport.width}-toast`);
      // A tap dismisses it.
      await page.locator('.toast').click();
      await expect.poll(() => page.locator('.toast').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
