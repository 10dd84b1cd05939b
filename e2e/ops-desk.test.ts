import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isBanned } from '@stickerdrop/core';
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
import { telegramUserApi } from './support/page-api';
import { openInTelegramAs, openOnWebAs, picturesAtBothWidths } from './support/signed-in';

const WEB_OPERATOR = { id: 777_000_301, first_name: 'Opal', username: 'opal' };
const TELEGRAM_OPERATOR = { id: 777_000_302, first_name: 'Олег', username: 'oleg', language_code: 'ru' };
const REPORTER = { id: 777_000_303, first_name: 'Rhea', username: 'rhea' };
const VISITOR = { id: 777_000_304, first_name: 'Vic', username: 'vic' };
const SPAMMER = 777_000_305;
/** The spammer's own pack: hidden with their ban until an operator reviews it. */
const SPAM_PACK = 'Spam Stickers';
const DETAILS = 'Drawn by my friend, sold here without asking her';

/** What the desk says, in the language each operator reads it in. */
const WORDS = {
  en: {
    desk: 'Operator’s desk',
    scam: 'Scam',
    copyright: 'Copyright',
    takeDown: 'Take down',
    takeDownTitle: (title: string) => `Take down “${title}”`,
    continue: 'Continue',
    confirm: 'Take it down',
    takenDown: (title: string) => `“${title}” was taken down`,
    audit: 'Audit log',
    tookDown: 'Pack taken down',
    restored: 'Pack restored',
    restore: 'Restore',
    creatorBanned: 'Creator banned',
    removedInStudio: 'Removed by the marketplace',
    copyrightInStudio: 'Copyright: it copies someone’s work',
    listedAgain: (id: number) => `Pack ${id} is listed again`,
    target: (id: number) => `Pack ${id}`,
  },
  ru: {
    desk: 'Панель оператора',
    scam: 'Мошенничество',
    copyright: 'Авторские права',
    takeDown: 'Снять',
    takeDownTitle: (title: string) => `Снять «${title}»`,
    continue: 'Далее',
    confirm: 'Снять с продажи',
    takenDown: (title: string) => `«${title}» снят`,
    audit: 'Журнал действий',
    tookDown: 'Стикерпак снят',
    restored: 'Стикерпак возвращён',
    restore: 'Вернуть',
    creatorBanned: 'Автор заблокирован',
    removedInStudio: 'Удалён маркетплейсом',
    copyrightInStudio: 'Авторские права: копирует чужую работу',
    listedAgain: (id: number) => `Стикерпак ${id} снова в продаже`,
    target: (id: number) => `Стикерпак ${id}`,
  },
};
type Words = (typeof WORDS)['en'];

/**
 * The operator's desk in the mini-app: an operator on the web (1280 px, dark, English) and inside Telegram
 * (390 px, light, Russian) opens it from the profile, sees a pack another person reported with the
 * report's text, takes it down for copyright through the sheet's confirm step, finds it among the removed packs
 * and in the audit log, and restores it (from the log on the web, from the removed packs in Telegram), with no
 * refund queued again; the web operator also bans a user by id, reviews and restores the pack their ban hid,
 * and lifts the ban; the database agrees at each step, and the pack's creator finds it marked removed in their
 * studio. Someone who is not an operator sees no link to the
 * desk, and `#/ops` shows Not allowed without one request to /api/ops.
 */
describeBrowser('the operator’s desk', () => {
  let server: TestServer;
  let browser: Browser;
  let packs: { id: number; title: string }[];
  let spamPackId: number;

  beforeAll(async () => {
    server = await startTestServer({ operatorIds: [WEB_OPERATOR.id, TELEGRAM_OPERATOR.id] });
    browser = await launchChromium();
    await server.db.insert(tables.users).values([
      { id: WEB_OPERATOR.id, firstName: WEB_OPERATOR.first_name, username: WEB_OPERATOR.username },
      { id: VISITOR.id, firstName: VISITOR.first_name, username: VISITOR.username },
      { id: SPAMMER, firstName: 'Spammer' },
    ]);
    packs = await server.db
      .select({ id: tables.packs.id, title: tables.packs.title })
      .from(tables.packs)
      .where(eq(tables.packs.status, 'listed'))
      .orderBy(tables.packs.id)
      .limit(2);
    const [spam] = await server.db
      .insert(tables.packs)
      .values({ creatorId: SPAMMER, title: SPAM_PACK, priceNano: 1_000_000_000n, maxSupply: 10 })
      .returning({ id: tables.packs.id });
    spamPackId = spam!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const packStatus = async (id: number) =>
    (await server.db.select().from(tables.packs).where(eq(tables.packs.id, id)))[0]!.status;
  /** The refunds queued for the pack's purchases (a copyright takedown queues one per paid purchase). */
  const refundJobsOf = async (packId: number) =>
    (await server.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'refund_required'))).filter(
      (job) => (job.payload as { packId: number }).packId === packId,
    ).length;
  const removedPack = (page: Page, title: string) => page.getByTestId('ops-removed-pack').filter({ hasText: title });

  const openOnWeb = (userId: number, scheme: ColorScheme) =>
    openOnWebAs(browser, server, userId, { viewport: DESKTOP, scheme, hash: '/profile' });
  const openInTelegramRussian = () =>
    openInTelegramAs(browser, server, TELEGRAM_OPERATOR, { viewport: PHONE, hash: '/profile' });

  /** The report, filed through the API by another person: the reason and a few words. */
  async function reported(pack: { id: number }) {
    const api = await telegramUserApi(server, REPORTER);
    await api(`/api/packs/${pack.id}/reports`, { reason: 'scam', details: DETAILS });
  }

  async function takeDown(page: Page, words: Words, pack: { id: number; title: string }, name: string) {
    const card = page.getByTestId('ops-reported-pack').filter({ hasText: pack.title });
    await card.getByText(DETAILS).waitFor();
    await card.getByText(words.scam, { exact: true }).waitFor();
    await screenshot(page, `${name}-reported`);
    await card.getByRole('button', { name: words.takeDown, exact: true }).click();
    const sheet = page.getByRole('group', { name: words.takeDownTitle(pack.title) });
    await sheet.getByLabel(words.copyright).check();
    await sheet.getByRole('textbox').fill('The artist wrote to us');
    await sheet.getByRole('button', { name: words.continue }).click();
    await screenshot(page, `${name}-confirm`);
    expect(await packStatus(pack.id)).toBe('listed');
    await sheet.getByRole('button', { name: words.confirm }).click();
    await toast(page, words.takenDown(pack.title)).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await packStatus(pack.id)).toBe('removed');
    await removedPack(page, pack.title).getByText(words.copyright, { exact: true }).waitFor();
  }

  async function restoreFromAudit(page: Page, words: Words, pack: { id: number }, name: string) {
    const entries = page.getByTestId('ops-audit-entry');
    const takedown = entries.filter({ hasText: words.tookDown }).filter({ hasText: words.target(pack.id) });
    await takedown.getByText(words.copyright).waitFor();
    await screenshot(page, `${name}-audit`);
    await takedown.getByRole('button', { name: words.restore }).click();
    await toast(page, words.listedAgain(pack.id)).waitFor();
    await entries
      .first()
      .filter({ hasText: words.restored })
      .filter({ hasText: words.target(pack.id) })
      .waitFor();
    expect(await takedown.getByRole('button', { name: words.restore }).count()).toBe(0);
    expect(await packStatus(pack.id)).toBe('listed');
  }

  /**
   * The pack's creator opens their studio on the web (in the language they chose) and finds the pack
   * marked removed by the marketplace, with why.
   */
  async function studioMarksRemoved(pack: { id: number; title: string }, words: Words, language: 'en' | 'ru') {
    const [row] = await server.db.select().from(tables.packs).where(eq(tables.packs.id, pack.id));
    await server.db.update(tables.users).set({ language }).where(eq(tables.users.id, row!.creatorId));
    const viewport = language === 'en' ? DESKTOP : PHONE;
    const scheme = language === 'en' ? 'dark' : 'light';
    const { context, page, errors } = await openOnWebAs(browser, server, row!.creatorId, {
      viewport,
      scheme,
      hash: '/studio',
    });
    const studioRow = page.getByTestId('studio-row').filter({ hasText: pack.title });
    await studioRow.getByText(words.removedInStudio, { exact: true }).waitFor();
    await studioRow.getByText(words.copyrightInStudio, { exact: true }).waitFor();
    await screenshot(page, `ops-removed-in-studio-web-${viewport.width}-${scheme}-${language}`);
    expect(errors).toEqual([]);
    await context.close();
  }

  /** Restore from the removed packs: listed again, in the audit log, and no refund queued a second time. */
  async function restoreFromRemoved(page: Page, words: Words, pack: { id: number; title: string }) {
    const removed = removedPack(page, pack.title);
    const refundsQueued = await refundJobsOf(pack.id);
    await removed.getByRole('button', { name: words.restore }).click();
    await toast(page, words.listedAgain(pack.id)).waitFor();
    await removed.waitFor({ state: 'detached' });
    await page
      .getByTestId('ops-audit-entry')
      .first()
      .filter({ hasText: words.restored })
      .filter({ hasText: words.target(pack.id) })
      .waitFor();
    expect(await packStatus(pack.id)).toBe('listed');
    expect(await refundJobsOf(pack.id)).toBe(refundsQueued);
  }

  /** The pack the ban hid waits among the removed packs, its creator marked banned; its review restores it. */
  async function reviewBanHiddenPack(page: Page) {
    const hidden = removedPack(page, SPAM_PACK);
    await hidden.getByText(WORDS.en.creatorBanned, { exact: true }).waitFor();
    await hidden.getByText('by Spammer, banned').waitFor();
    expect(await packStatus(spamPackId)).toBe('removed');
    await picturesAtBothWidths(page, 'web', 'ops-removed-packs-web-en', 'dark');
    await restoreFromRemoved(page, WORDS.en, { id: spamPackId, title: SPAM_PACK });
    await page.getByTestId('ops-audit-entry').first().filter({ hasText: WORDS.en.creatorBanned }).waitFor();
  }

  /**
   * The ban form: a user banned by id with a reason, in the audit log with it, `whileBanned` done, then
   * unbanned.
   */
  async function banAndUnban(page: Page, whileBanned: () => Promise<void>) {
    const form = page.getByRole('form', { name: 'Ban or unban a user' });
    await form.getByLabel('User id').fill(String(SPAMMER));
    await form.getByRole('button', { name: 'Ban', exact: true }).click();
    await toast(page, 'Say why the user is banned').waitFor();
    expect(await isBanned(server.db, SPAMMER)).toBe(false);
    await form.getByLabel('Reason').fill('Floods every pack with reports');
    await form.getByRole('button', { name: 'Ban', exact: true }).click();
    await toast(page, `User ${SPAMMER} is banned`).waitFor();
    const entries = page.getByTestId('ops-audit-entry');
    await entries
      .first()
      .filter({ hasText: 'User banned' })
      .filter({ hasText: 'Floods every pack with reports' })
      .waitFor();
    expect(await isBanned(server.db, SPAMMER)).toBe(true);
    await whileBanned();
    await form.getByRole('button', { name: 'Unban' }).click();
    await toast(page, `User ${SPAMMER} may sign in again`).waitFor();
    await entries
      .first()
      .filter({ hasText: 'User unbanned' })
      .filter({ hasText: `User ${SPAMMER}` })
      .waitFor();
    expect(await isBanned(server.db, SPAMMER)).toBe(false);
  }

  it('an operator on the web at 1280 px, dark: reported pack taken down for copyright, restored; a ban, its hidden pack reviewed, an unban', async () => {
    const pack = packs[0]!;
    await reported(pack);
    const { context, page, errors } = await openOnWeb(WEB_OPERATOR.id, 'dark');
    await page.getByRole('link', { name: WORDS.en.desk }).click();
    await page.getByRole('heading', { name: WORDS.en.desk }).waitFor();
    await takeDown(page, WORDS.en, pack, 'ops-web-1280-dark');
    await studioMarksRemoved(pack, WORDS.en, 'en');
    await banAndUnban(page, () => reviewBanHiddenPack(page));
    await restoreFromAudit(page, WORDS.en, pack, 'ops-web-1280-dark');
    await screenshot(page, 'ops-web-1280-dark-unbanned');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator inside Telegram at 390 px, light, in Russian: taken down, restored from the removed packs', async () => {
    const pack = packs[1]!;
    await reported(pack);
    const { context, page, errors } = await openInTelegramRussian();
    await page.getByRole('link', { name: WORDS.ru.desk }).click();
    await page.getByRole('heading', { name: WORDS.ru.desk }).waitFor();
    await takeDown(page, WORDS.ru, pack, 'ops-telegram-390-light-ru');
    await picturesAtBothWidths(page, 'telegram', 'ops-removed-packs-telegram-ru', 'light');
    await studioMarksRemoved(pack, WORDS.ru, 'ru');
    await restoreFromRemoved(page, WORDS.ru, pack);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('someone not an operator: no link to the desk, and #/ops says Not allowed without asking /api/ops', async () => {
    const { context, page, errors } = await openOnWeb(VISITOR.id, 'light');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.getByRole('link', { name: 'My Collection' }).waitFor();
    expect(await page.getByRole('link', { name: WORDS.en.desk }).count()).toBe(0);
    await page.evaluate(() => (window.location.hash = '#/ops'));
    await page.getByText('Not allowed', { exact: true }).waitFor();
    await page.getByText('This page is for the marketplace’s operators only.').waitFor();
    await screenshot(page, 'ops-not-allowed-web-1280-light');
    expect(asked.filter((path) => path.startsWith('/api/ops'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
