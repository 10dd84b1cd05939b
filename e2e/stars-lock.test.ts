import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatLockDate } from '@stickerdrop/shared';
import { startTestServer, type TestServer } from './support/app-server';
import {
  DESKTOP,
  PHONE,
  describeBrowser,
  launchChromium,
  newPage,
  screenshot,
  settleAnimations,
} from './support/browser';
import { contrastFailures } from './support/contrast';
import { tables } from '@stickerdrop/core/testing';

/**
 * An edition paid in Stars is not resellable for STARS_RESALE_LOCK_DAYS. Its page says how it was
 * paid and from when it can be resold, and the collection offers no Sell button until then; legible in
 * both schemes. (Stars are paid inside Telegram, so the demo purchase is marked as a Stars one here.)
 */
describeBrowser('a Stars edition in its lock', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    { scheme: 'dark', viewport: PHONE, pack: 0 },
    { scheme: 'light', viewport: DESKTOP, pack: 1 },
  ] as const)('$scheme at $viewport.width px: the edition page and the collection say it', async (run) => {
    const { context, page, errors } = await newPage(browser, run.viewport, run.scheme);
    const packs = (await (await fetch(`${server.url}/api/stickers?sort=newest`)).json()) as { items: { id: number }[] };
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo creator' }).click();
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();
    await page.goto(`${server.url}/#/sticker?id=${packs.items[run.pack]!.id}`);
    await page.getByRole('button', { name: /^Buy Now/ }).click();
    await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
    await page.getByText(/You own this pack/).waitFor();

    const editionId = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('accessToken')}` };
      const collection = (await (await fetch('/api/collection', { headers })).json()) as { editionId: number }[];
      return collection[0]!.editionId;
    });
    const paidAt = new Date();
    await server.db
      .update(tables.editions)
      .set({ acquiredWith: 'stars', acquiredAt: paidAt })
      .where(eq(tables.editions.id, editionId));
    const edition = (await (await fetch(`${server.url}/api/editions/${editionId}`)).json()) as {
      resellableFrom: string;
    };
    expect(Date.parse(edition.resellableFrom) - paidAt.getTime()).toBeGreaterThanOrEqual(21 * 86_400_000);

    // A fresh load: no toasts of the purchase over the picture, and the page at its top.
    await page.goto(`${server.url}/#/edition?id=${editionId}`);
    await page.reload();
    await page.getByRole('heading', { name: 'Provenance' }).waitFor();
    await expect(page.getByTestId('edition-payment').textContent()).resolves.toBe(
      `Paid in Stars, resellable from ${formatLockDate(edition.resellableFrom)}`,
    );
    await settleAnimations(page);
    expect(await contrastFailures(page)).toEqual([]);
    await screenshot(page, `stars-lock-edition-${run.scheme}-${run.viewport.width}`);

    await page.goto(`${server.url}/#/collection`);
    await page.reload();
    const entry = page.getByTestId('collection-entry').first();
    await entry.getByText(`Resellable from ${formatLockDate(edition.resellableFrom)}`).waitFor();
    expect(await entry.getByRole('button', { name: /^Sell/ }).count()).toBe(0);
    await settleAnimations(page);
    expect(await contrastFailures(page)).toEqual([]);
    await screenshot(page, `stars-lock-collection-${run.scheme}-${run.viewport.width}`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
