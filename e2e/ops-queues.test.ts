import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tables } from '@stickerdrop/core/testing';
import { startTestServer, type TestServer } from './support/app-server';
import { DESKTOP, PHONE, describeBrowser, launchChromium, screenshot, toast } from './support/browser';
import { openInTelegramAs, openOnWebAs } from './support/signed-in';

const WEB_OPERATOR = { id: 777_000_321, first_name: 'Opal', username: 'opal' };
const TELEGRAM_OPERATOR = { id: 777_000_322, first_name: 'Олег', username: 'oleg', language_code: 'ru' };
const BUYER = 777_000_323;
const HOUR_MS = 3_600_000;

/** What the desk's queues say, in the language each operator reads them in. */
const WORDS = {
  en: {
    refunds: 'Refunds pending or failed',
    payouts: 'Held payouts',
    failed: 'Failed',
    pending: 'Pending',
    retry: 'Retry',
    retried: 'The refund will be tried again now',
    release: 'Release',
    released: 'The payout goes with the next batch',
  },
  ru: {
    refunds: 'Возвраты в ожидании или с ошибкой',
    payouts: 'Задержанные выплаты',
    failed: 'Ошибка',
    pending: 'В ожидании',
    retry: 'Повторить',
    retried: 'Возврат попробуем ещё раз сейчас',
    release: 'Отправить',
    released: 'Выплата уйдёт со следующей партией',
  },
};
type Words = (typeof WORDS)['en'];

/** A queue's row by the number the desk gives it ("No. 7", "№ 7"). */
const rowOf = (page: Page, queue: string, id: number) =>
  page
    .getByRole('group', { name: queue })
    .locator('tr')
    .filter({ hasText: new RegExp(`(No\\.|№)\\s${id}(?!\\d)`) });

/**
 * The desk's queue actions against the real API and database: an operator on the web (1280 px, English) and
 * inside Telegram (390 px, Russian, each row a card) retries a card refund the queue gave up on, and releases a
 * payout held above the caps; after each click the database says what the desk says.
 */
describeBrowser('the operator’s desk: the queues’ actions', () => {
  let server: TestServer;
  let browser: Browser;
  let packId: number;

  beforeAll(async () => {
    server = await startTestServer({ operatorIds: [WEB_OPERATOR.id, TELEGRAM_OPERATOR.id] });
    browser = await launchChromium();
    await server.db.insert(tables.users).values([
      { id: WEB_OPERATOR.id, firstName: WEB_OPERATOR.first_name, username: WEB_OPERATOR.username },
      { id: BUYER, firstName: 'Bea' },
    ]);
    const [pack] = await server.db.select({ id: tables.packs.id }).from(tables.packs).limit(1);
    packId = pack!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A card payment whose refund the queue gave up on, as the refund queue leaves one: the payment marked
   * `pending` and its `refund_required` job `failed` after its attempts. (No Stripe here: a retried job
   * fails again at once and waits, pending, for its next try.)
   */
  async function failedCardRefund(cents: bigint) {
    const { db } = server;
    const [order] = await db
      .insert(tables.orders)
      .values({
        userId: BUYER,
        packId,
        paymentMethod: 'stripe',
        amountNano: 1_500_000_000n,
        expiresAt: new Date(Date.now() + HOUR_MS),
      })
      .returning({ id: tables.orders.id });
    const ref = `cs_test_${order!.id.slice(0, 8)}`;
    const [payment] = await db
      .insert(tables.payments)
      .values({
        method: 'stripe',
        ref,
        orderId: order!.id,
        amount: cents,
        currency: 'usd',
        outcome: 'refund_required',
        reason: 'sold_out',
        refundStatus: 'pending',
        createdAt: new Date(Date.now() - HOUR_MS),
      })
      .returning({ id: tables.payments.id });
    await db.insert(tables.outbox).values({
      kind: 'refund_required',
      dedupeKey: `refund:${order!.id}:stripe:${ref}`,
      payload: {
        orderId: order!.id,
        packId,
        title: 'Space Cats',
        amount: '1.5',
        buyerId: BUYER,
        paymentMethod: 'stripe',
        paymentRef: ref,
        reason: 'sold_out',
      },
      status: 'failed',
      attempts: 12,
      lastError: 'Stripe: the charge is disputed',
    });
    return Number(payment!.id);
  }

  /** A creator's payout above PAYOUT_MAX_TON, held for an operator. */
  async function heldPayout(nano: bigint, pays: string) {
    const [payout] = await server.db
      .insert(tables.payouts)
      .values({
        kind: 'creator_payout',
        pays,
        destination: `0:${'41'.repeat(32)}`,
        amountNano: nano,
        comment: 'Stickerdrop payout',
        status: 'held',
        reason: 'above PAYOUT_MAX_TON',
        createdAt: new Date(Date.now() - 2 * HOUR_MS),
      })
      .returning({ id: tables.payouts.id });
    return payout!.id;
  }

  const refundJob = async (paymentId: number) => {
    const [payment] = await server.db.select().from(tables.payments).where(eq(tables.payments.id, paymentId));
    const [job] = await server.db
      .select()
      .from(tables.outbox)
      .where(
        and(
          eq(tables.outbox.kind, 'refund_required'),
          eq(tables.outbox.dedupeKey, `refund:${payment!.orderId}:stripe:${payment!.ref}`),
        ),
      );
    return { refundStatus: payment!.refundStatus, status: job!.status, attempts: job!.attempts };
  };
  const auditOf = async (kind: string, id: number) =>
    (
      await server.db
        .select()
        .from(tables.opsAudit)
        .where(eq(tables.opsAudit.targetId, String(id)))
    ).filter((entry) => entry.targetKind === kind);

  async function retryRefund(page: Page, words: Words, paymentId: number, amount: string) {
    const row = rowOf(page, words.refunds, paymentId);
    await row.getByText(amount).waitFor();
    await row.getByText(words.failed, { exact: true }).waitFor();
    await row.getByRole('button', { name: words.retry }).click();
    await toast(page, words.retried).waitFor();
    await row.getByText(words.pending, { exact: true }).waitFor();
    // Due again now, its attempts counted from nought (the queue may have tried it once since, and failed).
    await expect.poll(async () => (await refundJob(paymentId)).status).toBe('pending');
    const job = await refundJob(paymentId);
    expect(job.refundStatus).toBe('pending');
    expect(job.attempts).toBeLessThanOrEqual(1);
    const audit = await auditOf('payment', paymentId);
    expect(audit.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['refund.retry', { queue: 'failed' }, { queue: 'pending' }],
    ]);
  }

  async function releasePayout(page: Page, words: Words, payoutId: number, amount: string) {
    const row = rowOf(page, words.payouts, payoutId);
    await row.getByText(amount).waitFor();
    await row.getByRole('button', { name: words.release }).click();
    await toast(page, words.released).waitFor();
    await row.waitFor({ state: 'detached' });
    const [payout] = await server.db.select().from(tables.payouts).where(eq(tables.payouts.id, payoutId));
    expect([payout!.status, payout!.approvedAt !== null, payout!.reason]).toEqual(['pending', true, null]);
    expect((await auditOf('payout', payoutId)).map((entry) => entry.action)).toEqual(['payout.release']);
  }

  it('on the web at 1280 px, in English: a failed card refund retried, a held payout released', async () => {
    const paymentId = await failedCardRefund(750n);
    const payoutId = await heldPayout(250_000_000_000n, 'balance:web');
    const { context, page, errors } = await openOnWebAs(browser, server, WEB_OPERATOR.id, {
      viewport: DESKTOP,
      scheme: 'light',
      hash: '/ops',
    });
    await screenshot(page, 'ops-queues-web-1280-light');
    await retryRefund(page, WORDS.en, paymentId, '$7.50');
    await releasePayout(page, WORDS.en, payoutId, '250.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('inside Telegram at 390 px, in Russian: the same, each row a card', async () => {
    const paymentId = await failedCardRefund(1_200n);
    const payoutId = await heldPayout(310_000_000_000n, 'balance:telegram');
    const { context, page, errors } = await openInTelegramAs(browser, server, TELEGRAM_OPERATOR, {
      viewport: PHONE,
      hash: '/ops',
    });
    await screenshot(page, 'ops-queues-telegram-390-light-ru');
    await retryRefund(page, WORDS.ru, paymentId, '12,00');
    await releasePayout(page, WORDS.ru, payoutId, '310,00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
