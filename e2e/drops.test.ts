import { and, eq, lt } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DROP_ERRORS } from '@stickerdrop/shared';
import { startTestServer, type TestServer } from './support/app-server';
import { inBothSchemes } from './support/both-themes';
import {
  DESKTOP,
  PHONE,
  describeBrowser,
  firstScreen,
  launchChromium,
  newPage,
  screenshot,
  toast,
} from './support/browser';
import { LIGHT_THEME, THEME, openInTelegram } from './support/telegram-mock';
import { tables } from '@stickerdrop/core/testing';

/** Far enough ahead to sign in, see the countdown and be refused on a busy machine; never waited out. */
const LEAD_MS = 120_000;

/**
 * The drop inside Telegram in Tokyo, at 390 and 1280 px, in the client's dark and light themes: the countdown,
 * and the opening time in the viewer's own zone to the minute.
 */
async function dropSeenInTelegram(browser: Browser, server: TestServer, packId: number): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page, errors } = await newPage(browser, viewport, 'light', 1, 'Asia/Tokyo');
    const user = { id: 777_000_960 + viewport.width, first_name: 'Kei', username: `kei${viewport.width}` };
    await openInTelegram(page, server.url, {
      botToken: server.config.botToken!,
      user,
      startParam: `pack_${packId}`,
      theme: LIGHT_THEME,
    });
    await page.getByRole('timer').waitFor();
    await inBothSchemes(
      page,
      'telegram',
      async (scheme) => {
        expect(await page.getByRole('timer').textContent()).toMatch(/^00:0[0-2]:\d\d$/);
        await page.getByText(/^on \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d\s[AP]M GMT\+9$/).waitFor();
        await firstScreen(page, `drops-countdown-telegram-${viewport.width}-${scheme}`);
      },
      { light: LIGHT_THEME, dark: THEME },
    );
    expect(errors).toEqual([]);
    await context.close();
  }
}

describeBrowser('a scheduled drop in the mini-app', () => {
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

  it('counts down and refuses buying, takes Notify me, then opens without a reload and sells', async () => {
    const { page, errors } = await newPage(browser, PHONE, 'dark');
    // The page's own clock: it runs as time does until the test jumps it to the opening.
    await page.clock.install();
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Continue as demo creator' }).click();
    await page.getByRole('heading', { name: 'Trending Stickers' }).waitFor();

    // A pack with editions left (some of the demo catalogue is sold out).
    const [pack] = await server.db
      .select()
      .from(tables.packs)
      .where(lt(tables.packs.soldCount, tables.packs.maxSupply))
      .limit(1);
    const dropsAt = new Date(Date.now() + LEAD_MS);
    await server.db.update(tables.packs).set({ dropsAt, maxPerUser: 1 }).where(eq(tables.packs.id, pack!.id));

    await page.goto(`${server.url}/#/sticker?id=${pack!.id}`);
    const timer = page.getByRole('timer');
    await timer.waitFor();
    expect(await timer.textContent()).toMatch(/^00:0[12]:\d\d$/);
    // The opening time in the viewer's own zone, to the minute and the zone named (this browser's is UTC).
    await page.getByText(/^on \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d\s[AP]M UTC$/).waitFor();
    await page
      .getByText(
        'Serials go in the order payments settle: the first payment confirmed gets #1, the next #2, and so on.',
      )
      .waitFor();
    await page.getByText(/Up to 1 per collector/).waitFor();
    const locked = page.getByRole('button', { name: /^Opens in 00:0[12]:\d\d$/ });
    expect(await locked.isDisabled()).toBe(true);
    await screenshot(page, 'drops-countdown-390-dark');

    // The same page for a visitor on a desktop in Tokyo, in the light scheme: the time in their zone.
    const desktop = await newPage(browser, DESKTOP, 'light', 1, 'Asia/Tokyo');
    await desktop.page.goto(`${server.url}/#/sticker?id=${pack!.id}`);
    await desktop.page.getByRole('timer').waitFor();
    await desktop.page.getByText(/^on \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d\s[AP]M GMT\+9$/).waitFor();
    await screenshot(desktop.page, 'drops-countdown-1280-light');
    expect(desktop.errors).toEqual([]);
    await desktop.context.close();
    await dropSeenInTelegram(browser, server, pack!.id);

    // The API refuses too, naming the time in UTC.
    const refused = await page.evaluate(async (stickerId) => {
      const response = await fetch('/api/marketplace/buy', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ stickerId, paymentMethod: 'demo' }),
      });
      return { status: response.status, body: (await response.json()) as { error: string } };
    }, pack!.id);
    expect(refused).toEqual({ status: 409, body: { error: DROP_ERRORS.notOpenYet(dropsAt) } });

    await page.getByRole('button', { name: 'Notify me' }).click();
    await toast(page, 'We will message you in Telegram when the drop opens.').waitFor();
    await page.getByRole('button', { name: 'Notifying you · Stop' }).waitFor();

    // Zero, without waiting for it: the drop opens now on the server and the page's clock jumps to the
    // time it was shown. Buy Now appears by itself, and the background job queues the demo user's message once.
    await server.db.update(tables.packs).set({ dropsAt: new Date() }).where(eq(tables.packs.id, pack!.id));
    await page.clock.fastForward(dropsAt.getTime() - (await page.evaluate(() => Date.now())));
    const buy = page.getByRole('button', { name: /^Buy Now/ });
    await buy.waitFor();
    expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(dropsAt.getTime());
    expect(await page.getByRole('timer').count()).toBe(0);
    await buy.click();
    await page.getByRole('button', { name: /^Pay \(demo\)/ }).click();
    await page.getByText(/You own this pack \(edition #\d+/).waitFor();

    // The demo creator signed in above; their row names them.
    const [creator] = await server.db.select().from(tables.users).where(eq(tables.users.username, 'demo_creator'));
    await expect
      .poll(
        async () =>
          (
            await server.db
              .select()
              .from(tables.outbox)
              .where(
                and(
                  eq(tables.outbox.kind, 'drop_opened'),
                  eq(tables.outbox.dedupeKey, `drop_opened:${pack!.id}:${creator!.id}`),
                ),
              )
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(errors).toEqual([]);
  });
});
