import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, screenshot } from './support/browser';
import { telegramUserApi } from './support/page-api';
import { openInTelegramAs, openOnWebAs, type TelegramUser } from './support/signed-in';
import { lastMainButton, lastOf, telegramEvents } from './support/telegram-mock';

const OPERATOR = { id: 777_000_401, first_name: 'Opal', username: 'opal' };
const WEB_OWNER = { id: 777_000_402, first_name: 'Wes', username: 'wes' };
const TELEGRAM_OWNER = { id: 777_000_403, first_name: 'Тоня', username: 'tonya', language_code: 'ru' };
const VISITOR = { id: 777_000_404, first_name: 'Vic', username: 'vic' };

const WORDS = {
  en: {
    removed: 'Removed by the marketplace',
    copyright: 'Copyright: it copies someone’s work',
    provenance: 'Provenance',
    notFound: 'Sticker pack not found',
    editionNotFound: 'Edition not found',
    /** Every way to buy, sell, offer, give, download or share that must not show for a removed pack. */
    refused: /^(Buy|Sell|Change price|Cancel listing|Make offer|Send as a gift|Download|Add to Telegram|Share)\b/,
  },
  ru: {
    removed: 'Удалён маркетплейсом',
    copyright: 'Авторские права: копирует чужую работу',
    provenance: 'История владения',
    refused:
      /^(Купить|Продать|Изменить цену|Снять с продажи|Сделать предложение|Подарить|Скачать|Добавить в Telegram|Поделиться)/,
  },
};

/** The names of the page's buttons, as a person (or a screen reader) reads them. */
function buttonNames(page: Page): Promise<string[]> {
  return page
    .locator('button')
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
}

/**
 * A pack taken down for copyright through the operators' API, as its owners and creator still see it: on the
 * web (1280 px, dark, English) and inside Telegram (390 px, light, Russian) the pack page, the edition page and
 * the collection mark it "Removed by the marketplace" with the reason and offer no Buy, Sell, offer, gift,
 * download, Add to Telegram or Share, the Main Button never saying Buy; a visitor finds the page not found.
 */
describeBrowser('a removed pack as its owners see it', () => {
  let server: TestServer;
  let browser: Browser;
  let pack: { id: number; title: string; creatorId: number };
  const editionOf: Record<number, number> = {};

  async function buyEdition(user: TelegramUser) {
    const api = await telegramUserApi(server, user);
    const { order } = await api<{ order: Order }>('/api/marketplace/buy', {
      stickerId: pack.id,
      paymentMethod: 'demo',
    });
    await api(`/api/orders/${order.id}/demo-pay`, {});
    const [edition] = await server.db
      .select({ id: tables.editions.id })
      .from(tables.editions)
      .where(and(eq(tables.editions.packId, pack.id), eq(tables.editions.ownerId, user.id)));
    editionOf[user.id] = edition!.id;
  }

  beforeAll(async () => {
    server = await startTestServer({ operatorIds: [OPERATOR.id] });
    browser = await launchChromium();
    await server.db
      .insert(tables.users)
      .values({ id: VISITOR.id, firstName: VISITOR.first_name, username: VISITOR.username });
    const packs = await server.db.select().from(tables.packs).orderBy(tables.packs.id);
    const onSale = packs.find((row) => row.status === 'listed' && row.soldCount + 2 <= row.maxSupply && !row.dropsAt);
    pack = { id: onSale!.id, title: onSale!.title, creatorId: onSale!.creatorId };
    await buyEdition(WEB_OWNER);
    await buyEdition(TELEGRAM_OWNER);
    const operator = await telegramUserApi(server, OPERATOR);
    await operator(`/api/ops/packs/${pack.id}/takedown`, { reason: 'copyright', note: 'The artist wrote to us' });
    const [row] = await server.db.select().from(tables.packs).where(eq(tables.packs.id, pack.id));
    expect(row!.status).toBe('removed');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The mark and its reason show, and once the page's lower part is built, no refused action does. */
  async function markedWithoutActions(page: Page, words: typeof WORDS.en | typeof WORDS.ru, below: string) {
    await page.getByText(words.removed, { exact: true }).first().waitFor();
    await page.getByText(words.copyright, { exact: true }).first().waitFor();
    await page.locator(below).first().waitFor();
    expect((await buttonNames(page)).filter((name) => words.refused.test(name))).toEqual([]);
  }

  it('its owner and its creator on the web at 1280 px, dark, in English', async () => {
    const { context, page, errors } = await openOnWebAs(browser, server, WEB_OWNER.id, {
      viewport: DESKTOP,
      scheme: 'dark',
      hash: `/sticker?id=${pack.id}`,
    });
    await page.getByRole('heading', { name: pack.title }).waitFor();
    await markedWithoutActions(page, WORDS.en, '.drop-rules');
    await page.getByText(/^Edition #\d+ of \d+ stays yours, but it can no longer be downloaded/).waitFor();
    expect(await page.getByText(/Download it or add it to Telegram/).count()).toBe(0);
    await screenshot(page, 'removed-pack-owner-web-1280-dark-en');

    await page.evaluate((id) => (window.location.hash = `#/edition?id=${id}`), editionOf[WEB_OWNER.id]!);
    await markedWithoutActions(page, WORDS.en, `h2:text("${WORDS.en.provenance}")`);
    await screenshot(page, 'removed-edition-owner-web-1280-dark-en');

    await page.evaluate(() => (window.location.hash = '#/collection'));
    const entry = page.getByTestId('collection-entry').filter({ hasText: pack.title });
    await entry.getByText(WORDS.en.removed, { exact: true }).waitFor();
    await entry.getByText(WORDS.en.copyright, { exact: true }).waitFor();
    expect(await entry.getByRole('button', { name: /^Sell/ }).count()).toBe(0);
    await screenshot(page, 'removed-collection-owner-web-1280-dark-en');
    expect(errors).toEqual([]);
    await context.close();

    // The creator does not own an edition: without the mark the page would offer Buy Now.
    const creator = await openOnWebAs(browser, server, pack.creatorId, {
      viewport: DESKTOP,
      scheme: 'dark',
      hash: `/sticker?id=${pack.id}`,
    });
    await markedWithoutActions(creator.page, WORDS.en, '.drop-rules');
    expect(await creator.page.getByRole('region', { name: 'Buy this pack' }).count()).toBe(0);
    await screenshot(creator.page, 'removed-pack-creator-web-1280-dark-en');
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });

  it('its owner inside Telegram at 390 px, light, in Russian: no Main Button offering Buy', async () => {
    const { context, page, errors } = await openInTelegramAs(browser, server, TELEGRAM_OWNER, {
      viewport: PHONE,
      hash: `/sticker?id=${pack.id}`,
    });
    await page.getByRole('heading', { name: pack.title }).waitFor();
    await markedWithoutActions(page, WORDS.ru, '.drop-rules');
    await page.getByText(/^Экземпляр № \d+ из \d+ остаётся вашим/).waitFor();
    const events = await telegramEvents(page);
    expect(lastMainButton(events)?.is_visible ?? false).toBe(false);
    expect(lastOf(events, 'web_app_setup_secondary_button')?.is_visible ?? false).toBe(false);
    await screenshot(page, 'removed-pack-owner-telegram-390-light-ru');

    await page.evaluate((id) => (window.location.hash = `#/edition?id=${id}`), editionOf[TELEGRAM_OWNER.id]!);
    await markedWithoutActions(page, WORDS.ru, `h2:text("${WORDS.ru.provenance}")`);
    expect(lastMainButton(await telegramEvents(page))?.is_visible ?? false).toBe(false);
    await screenshot(page, 'removed-edition-owner-telegram-390-light-ru');

    await page.evaluate(() => (window.location.hash = '#/collection'));
    const entry = page.getByTestId('collection-entry').filter({ hasText: pack.title });
    await entry.getByText(WORDS.ru.removed, { exact: true }).waitFor();
    expect(await entry.getByRole('button', { name: /^Продать/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'removed-collection-owner-telegram-390-light-ru');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor finds the pack and the edition not found', async () => {
    const { context, page } = await openOnWebAs(browser, server, VISITOR.id, {
      viewport: DESKTOP,
      scheme: 'dark',
      hash: `/sticker?id=${pack.id}`,
    });
    await page.getByText(WORDS.en.notFound, { exact: true }).waitFor();
    expect(await page.getByText(WORDS.en.removed).count()).toBe(0);
    await screenshot(page, 'removed-pack-visitor-web-1280-dark-en');
    await page.evaluate((id) => (window.location.hash = `#/edition?id=${id}`), editionOf[WEB_OWNER.id]!);
    await page.getByText(WORDS.en.editionNotFound, { exact: true }).waitFor();
    await context.close();
  });
});
