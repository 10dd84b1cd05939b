import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import {
  DESKTOP,
  PHONE,
  describeBrowser,
  launchChromium,
  screenshot,
  toast,
  type ColorScheme,
} from './support/browser';
import type { Where } from './support/open-app';
import { openInTelegramAs, openOnWebAs, picturesAtBothWidths, type TelegramUser } from './support/signed-in';

const WEB_REPORTER = { id: 777_000_311, first_name: 'Rhea', username: 'rhea' };
const TELEGRAM_REPORTER = { id: 777_000_312, first_name: 'Рита', username: 'rita', language_code: 'ru' };
const WEB_OPERATOR = { id: 777_000_313, first_name: 'Opal', username: 'opal' };
const TELEGRAM_OPERATOR = { id: 777_000_314, first_name: 'Олег', username: 'oleg', language_code: 'ru' };

/** What the pack page and the desk say, in the language each person reads them in. */
const WORDS = {
  en: {
    open: 'Report this pack',
    form: 'Report this pack',
    details: 'Anything the operators should know (optional)',
    send: 'Send report',
    sent: 'Thank you: your report was sent to the marketplace.',
    alreadyReported: 'You have already reported this pack; the marketplace is looking into it',
    reasons: { copyright: "It copies someone's work", scam: 'It is a scam' },
    onDesk: { copyright: 'Copyright', count: '1 open report' },
  },
  ru: {
    open: 'Пожаловаться на стикерпак',
    form: 'Жалоба на стикерпак',
    details: 'Что стоит знать операторам (необязательно)',
    send: 'Отправить жалобу',
    sent: 'Спасибо: ваша жалоба отправлена маркетплейсу.',
    alreadyReported: 'Вы уже пожаловались на этот стикерпак; маркетплейс разбирается',
    reasons: { copyright: 'Копирует чужую работу', scam: 'Мошенничество' },
    onDesk: { copyright: 'Авторские права', count: '1 открытая жалоба' },
  },
};
type Words = (typeof WORDS)['en'];

interface Walk {
  where: Where;
  scheme: ColorScheme;
  words: Words;
  details: string;
  name: string;
}

/**
 * Reporting a pack from its page: someone on the web (1280 px, dark, English) and someone inside Telegram
 * (390 px, light, Russian) opens a pack, tells the marketplace why it is wrong with a few words, and is
 * thanked; the database holds their open report and the operator's desk lists it with the words. Reporting
 * the same pack again says the API's 409 in the person's language and files nothing twice.
 */
describeBrowser('a report from the pack page', () => {
  let server: TestServer;
  let browser: Browser;
  let packs: { id: number; title: string }[];

  beforeAll(async () => {
    server = await startTestServer({ operatorIds: [WEB_OPERATOR.id, TELEGRAM_OPERATOR.id] });
    browser = await launchChromium();
    await server.db.insert(tables.users).values(
      [WEB_REPORTER, WEB_OPERATOR].map((user) => ({
        id: user.id,
        firstName: user.first_name,
        username: user.username,
      })),
    );
    packs = await server.db
      .select({ id: tables.packs.id, title: tables.packs.title })
      .from(tables.packs)
      .where(eq(tables.packs.status, 'listed'))
      .orderBy(tables.packs.id)
      .limit(2);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const reportsOf = async (packId: number, reporterId: number) =>
    server.db
      .select({
        reason: tables.packReports.reason,
        details: tables.packReports.details,
        status: tables.packReports.status,
      })
      .from(tables.packReports)
      .where(and(eq(tables.packReports.packId, packId), eq(tables.packReports.reporterId, reporterId)));

  /** The pack page's Report this pack: a reason and a few words, sent and thanked for. */
  async function fileReport(page: Page, walk: Walk) {
    const { words } = walk;
    await page.getByRole('button', { name: words.open }).click();
    const form = page.getByRole('form', { name: words.form });
    await form.getByRole('radio', { name: words.reasons.copyright }).check();
    await form.getByRole('textbox', { name: words.details }).fill(walk.details);
    await picturesAtBothWidths(page, walk.where, `${walk.name}-form`, walk.scheme);
    await form.getByRole('button', { name: words.send }).click();
    await toast(page, words.sent).waitFor();
    await form.waitFor({ state: 'detached' });
  }

  /**
   * A second report of the same pack: the API's 409, said in the person's language; with nothing more to
   * send, the form goes and Report this pack is back.
   */
  async function reportAgain(page: Page, walk: Walk) {
    const { words } = walk;
    await page.getByRole('button', { name: words.open }).click();
    const form = page.getByRole('form', { name: words.form });
    await form.getByRole('radio', { name: words.reasons.scam }).check();
    await form.getByRole('button', { name: words.send }).click();
    await toast(page, words.alreadyReported).waitFor();
    await form.waitFor({ state: 'detached' });
    await screenshot(page, `${walk.name}-already-reported`);
    await page.getByRole('button', { name: words.open }).waitFor();
  }

  /** The operator's desk lists the pack with the report's reason and words. */
  async function onTheDesk(page: Page, walk: Walk, pack: { title: string }) {
    const card = page.getByTestId('ops-reported-pack').filter({ hasText: pack.title });
    await card.getByText(walk.details).waitFor();
    await card.getByText(walk.words.onDesk.copyright, { exact: true }).waitFor();
    await card.getByText(walk.words.onDesk.count).waitFor();
    await screenshot(page, `${walk.name}-on-the-desk`);
  }

  async function reportAndCheck(page: Page, walk: Walk, pack: { id: number; title: string }, reporterId: number) {
    await page.getByRole('heading', { name: pack.title, level: 1 }).waitFor();
    await fileReport(page, walk);
    expect(await reportsOf(pack.id, reporterId)).toEqual([
      { reason: 'copyright', details: walk.details, status: 'open' },
    ]);
    await reportAgain(page, walk);
    expect(await reportsOf(pack.id, reporterId)).toEqual([
      { reason: 'copyright', details: walk.details, status: 'open' },
    ]);
  }

  it('on the web at 1280 px, dark, in English: reported, on the desk; again says it is reported already', async () => {
    const pack = packs[0]!;
    const walk: Walk = {
      where: 'web',
      scheme: 'dark',
      words: WORDS.en,
      details: 'My own drawings, from my portfolio',
      name: 'report-web-en',
    };
    const options = { viewport: DESKTOP, scheme: walk.scheme };
    const reporter = await openOnWebAs(browser, server, WEB_REPORTER.id, {
      ...options,
      hash: `/sticker?id=${pack.id}`,
    });
    await reportAndCheck(reporter.page, walk, pack, WEB_REPORTER.id);
    expect(reporter.errors).toEqual([]);
    await reporter.context.close();
    const desk = await openOnWebAs(browser, server, WEB_OPERATOR.id, { ...options, hash: '/ops' });
    await onTheDesk(desk.page, walk, pack);
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });

  it('inside Telegram at 390 px, light, in Russian: reported, on the desk; again says it in Russian', async () => {
    const pack = packs[1]!;
    const walk: Walk = {
      where: 'telegram',
      scheme: 'light',
      words: WORDS.ru,
      details: 'Это мои рисунки, их выложили без спроса',
      name: 'report-telegram-ru',
    };
    const open = (user: TelegramUser, hash: string) =>
      openInTelegramAs(browser, server, user, { viewport: PHONE, hash });
    const reporter = await open(TELEGRAM_REPORTER, `/sticker?id=${pack.id}`);
    await reportAndCheck(reporter.page, walk, pack, TELEGRAM_REPORTER.id);
    expect(await reporter.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(reporter.errors).toEqual([]);
    await reporter.context.close();
    const desk = await open(TELEGRAM_OPERATOR, '/ops');
    await onTheDesk(desk.page, walk, pack);
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });
});
