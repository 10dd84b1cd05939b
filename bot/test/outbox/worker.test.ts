import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { claimOutboxBatch, type Database, type FileStorage, memoryStorage } from '@stickerdrop/core';
import { freshDatabase } from '../../../api/test/helpers.js';
import { BOT_OUTBOX_KINDS } from '../../src/outbox/deliveries.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, outboxRows, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { tables } from '@stickerdrop/core/testing';

type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string }>> };
const CREATOR = 900;

describe('outbox worker', () => {
  let db: Database;
  let storage: FileStorage;
  let fake: FakeBotApi;
  let closeDb: () => Promise<void>;
  let packId: number;

  beforeEach(async () => {
    const database = await freshDatabase();
    db = database.db;
    closeDb = database.close;
    storage = memoryStorage();
    fake = await startFakeBotApi();
    await insertUser(db, { id: CREATOR, firstName: 'Carla', isCreator: true });
    packId = await insertPack({ db, storage }, CREATOR, { title: 'Space Cats', price: '1.5', maxSupply: 100 });
  });
  afterEach(async () => {
    await fake.close();
    await closeDb();
  });

  async function buyers(count: number, firstId = 1): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(await insertUser(db, { id: firstId + i }));
      await purchase(db, firstId + i, packId);
    }
    return ids;
  }

  /** Every accepted message as "chat:text", to count duplicates. */
  const deliveredKeys = () =>
    fake.delivered.map((call) => `${String(call.params.chat_id)}:${String(call.params.text)}`);

  it('sends one receipt to the buyer and one sale notice to the creator, and marks both rows sent', async () => {
    await buyers(1, 501);
    const { worker } = outboxWorker({ db, storage }, fake);

    expect(await worker.drainOnce()).toBe(2);

    const [receipt] = fake.messagesTo(501);
    expect(fake.messagesTo(501)).toHaveLength(1);
    expect(receipt!.params.text).toContain(SPEC_TEXTS.purchaseSuccess);
    expect(receipt!.params.text).toContain('Space Cats — edition #1 of 100');
    expect(receipt!.params.text).toContain('Paid: 1.50 TON');
    const button = (receipt!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: 'Open pack', url: `https://t.me/${BOT_USER.username}?startapp=pack_${packId}` });

    const notices = fake.messagesTo(CREATOR);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.params.text).toContain('<b>Sold!</b> Space Cats — edition #1 of 100 for 1.50 TON.');

    const rows = await outboxRows(db);
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
      ['purchase_receipt', 'sent', 1],
      ['sale_notice', 'sent', 1],
    ]);
    expect(rows.every((row) => row.sentAt instanceof Date)).toBe(true);

    // Nothing is due any more: a second pass sends nothing.
    expect(await worker.drainOnce()).toBe(0);
    expect(fake.delivered).toHaveLength(2);
  });

  it('leaves rows of other kinds (refunds) to their own workers', async () => {
    const refund = {
      orderId: 'x',
      packId: 1,
      title: 'Cats',
      amount: '1',
      buyerId: 1,
      paymentMethod: 'stars',
      paymentRef: 'charge-x',
      reason: 'sold_out' as const,
    };
    await db.insert(tables.outbox).values({ kind: 'refund_required', dedupeKey: 'refund:x', payload: refund });
    const { worker } = outboxWorker({ db, storage }, fake);
    expect(await worker.drainOnce()).toBe(0);
    expect((await outboxRows(db))[0]!.status).toBe('pending');
  });

  it('rides out a 429 storm: waits retry_after, pauses every sender, and sends each message exactly once', async () => {
    await buyers(4, 601);
    fake.tooManyRequests('sendMessage', 1, 6);
    // The limiter and the retries wait on a virtual clock, so the pause is checked in its time, not the machine's.
    const { worker, limiter, grants, clock, retryWaits } = outboxWorker({ db, storage }, fake, {
      concurrency: 4,
      virtualTime: true,
    });
    const pauses: number[] = [];
    const pause = limiter.pause.bind(limiter);
    limiter.pause = (seconds, chatId) => {
      pauses.push(clock());
      pause(seconds, chatId);
    };

    worker.start();
    await fake.waitFor(() => fake.delivered.length === 8, 20_000, 'eight deliveries');
    await worker.stop();

    const keys = deliveredKeys();
    expect(new Set(keys).size).toBe(8);
    expect(fake.callsTo('sendMessage').filter((call) => call.status === 429)).toHaveLength(6);
    // After the first 429 no sender got a slot for retry_after (1 s): every later slot is a second on.
    expect(pauses).toHaveLength(6);
    const later = grants.filter((grant) => grant.at > pauses[0]!);
    expect(later.length).toBeGreaterThan(0);
    expect(Math.min(...later.map((grant) => grant.at - pauses[0]!))).toBeGreaterThanOrEqual(1_000);
    // Each send that met a 429 waited its retry_after before going again.
    expect(retryWaits.length).toBeGreaterThan(0);
    expect(new Set(retryWaits)).toEqual(new Set([1_000]));
    expect((await outboxRows(db)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('keeps a row whose retry_after is too long for this send, and sends it when that time has passed', async () => {
    await buyers(1, 651);
    fake.tooManyRequests('sendMessage', 120, 1);
    let now = new Date();
    // Virtual time: the 429 holds every chat for a moment (the limiter's global pause), on the test's clock.
    const { worker, retryWaits } = outboxWorker({ db, storage }, fake, {
      now: () => now,
      concurrency: 1,
      virtualTime: true,
    });

    await worker.drainOnce();
    const [first, second] = await outboxRows(db);
    // The first row met the 429 (the client does not wait 120 s); the other went out.
    expect(retryWaits).toEqual([]);
    expect(first!.status).toBe('pending');
    expect(first!.lastError).toContain('retry after 120');
    expect(first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + 119_000);
    expect(second!.status).toBe('sent');

    expect(await worker.drainOnce()).toBe(0);
    now = new Date(now.getTime() + 121_000);
    expect(await worker.drainOnce()).toBe(1);
    expect(new Set(deliveredKeys()).size).toBe(2);
    expect(fake.delivered).toHaveLength(2);
  });

  it('marks a blocked user undeliverable at once, without holding up anyone else', async () => {
    await buyers(3, 701);
    fake.block(701);
    const { worker, log } = outboxWorker({ db, storage }, fake, { concurrency: 1 });

    await worker.drainOnce();

    const rows = await outboxRows(db);
    const blocked = rows.filter((row) => row.status === 'undeliverable');
    expect(blocked).toHaveLength(1);
    expect(blocked[0]!.kind).toBe('purchase_receipt');
    expect(blocked[0]!.lastError).toContain('bot was blocked by the user');
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(5);
    expect(fake.messagesTo(701)).toHaveLength(1); // tried once, never again
    expect(fake.messagesTo(702).concat(fake.messagesTo(703))).toHaveLength(2);
    expect(fake.messagesTo(CREATOR)).toHaveLength(3);
    expect(log.entries.some((entry) => entry.msg === 'outbox row given up')).toBe(true);
    expect(await worker.drainOnce()).toBe(0);
  });

  it('retries with backoff while Telegram is unreachable, and then delivers once', async () => {
    await buyers(1, 751);
    fake.dropConnection('sendMessage', 2);
    let now = new Date();
    const { worker } = outboxWorker({ db, storage }, fake, { now: () => now, backoffMs: 5_000 });

    await worker.drainOnce();
    const rows = await outboxRows(db);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
    for (const row of rows) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + 4_000);
      expect(row.lastError).toBeTruthy();
    }
    expect(await worker.drainOnce()).toBe(0); // not due yet

    now = new Date(now.getTime() + 10_000);
    expect(await worker.drainOnce()).toBe(2);
    expect((await outboxRows(db)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    expect(fake.delivered).toHaveLength(2);
  });

  it('gives up on a row that keeps failing for a reason other than an outage', async () => {
    await buyers(1, 781);
    fake.fail('sendMessage', { error_code: 400, description: 'Bad Request: message is too long' }, 10);
    let now = new Date();
    const { worker } = outboxWorker({ db, storage }, fake, { now: () => now, maxAttempts: 2, concurrency: 1 });

    await worker.drainOnce();
    now = new Date(now.getTime() + 60 * 60_000);
    await worker.drainOnce();

    expect((await outboxRows(db)).map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 2],
      ['failed', 2],
    ]);
    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await worker.drainOnce()).toBe(0);
  });

  it('restarted in the middle of a batch, sends every notification, none twice', async () => {
    await buyers(6, 801);
    // Three sends go through; the stop comes while the fourth is in flight.
    const fourth = fake.hold('sendMessage', 3);
    const first = outboxWorker({ db, storage }, fake, { concurrency: 1 });

    first.worker.start();
    await fourth.reached;
    const stopped = first.worker.stop();
    fourth.release();
    await stopped;
    // The send in flight was finished; the rest of the batch went back.
    expect(fake.delivered).toHaveLength(4);

    const afterStop = await outboxRows(db);
    expect(afterStop.some((row) => row.status === 'sending')).toBe(false);
    const pending = afterStop.filter((row) => row.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    // Rows handed back were never tried: their attempt is not counted.
    expect(pending.every((row) => row.attempts === 0)).toBe(true);
    expect(fake.delivered.length).toBe(afterStop.filter((row) => row.status === 'sent').length);

    const second = outboxWorker({ db, storage }, fake, { concurrency: 3 });
    second.worker.start();
    await fake.waitFor(() => fake.delivered.length === 12, 10_000, 'twelve deliveries');
    await second.worker.stop();

    expect(new Set(deliveredKeys()).size).toBe(12);
    expect(fake.callsTo('sendMessage')).toHaveLength(12);
    expect((await outboxRows(db)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('takes over the rows of a worker that died mid-batch once their lease runs out', async () => {
    await buyers(2, 851);
    // A worker claims everything and dies without sending or handing back.
    const claimed = await claimOutboxBatch(db, {
      kinds: BOT_OUTBOX_KINDS,
      limit: 50,
      now: new Date(),
      leaseMs: 60_000,
    });
    expect(claimed).toHaveLength(4);
    let now = new Date();
    const { worker } = outboxWorker({ db, storage }, fake, { now: () => now });

    expect(await worker.drainOnce()).toBe(0);
    now = new Date(now.getTime() + 61_000);
    expect(await worker.drainOnce()).toBe(4);
    expect(new Set(deliveredKeys()).size).toBe(4);
    expect(fake.delivered).toHaveLength(4);
  });

  it('waits while no bot runs: rows written before the worker starts go out when it does', async () => {
    await buyers(2, 871);
    expect((await outboxRows(db)).every((row) => row.status === 'pending')).toBe(true);
    expect(fake.calls).toHaveLength(0);
    const { worker } = outboxWorker({ db, storage }, fake);
    worker.start();
    await fake.waitFor(() => fake.delivered.length === 4, 5_000, 'four deliveries');
    await worker.stop();
    expect(new Set(deliveredKeys()).size).toBe(4);
  });

  it('paces messages: one per chat per interval, and evenly spaced overall', async () => {
    // Three sales of one creator (same chat), three buyers (other chats).
    await buyers(3, 891);
    const { worker, grants } = outboxWorker({ db, storage }, fake, {
      limits: { perSecond: 20, perChatIntervalMs: 300 },
      concurrency: 4,
      virtualTime: true,
    });

    await worker.drainOnce();

    const toCreator = grants.filter((grant) => grant.chatId === CREATOR).map((grant) => grant.at);
    expect(toCreator).toHaveLength(3);
    expect(toCreator[1]! - toCreator[0]!).toBeGreaterThanOrEqual(300);
    expect(toCreator[2]! - toCreator[1]!).toBeGreaterThanOrEqual(300);
    const all = grants.map((grant) => grant.at).sort((a, b) => a - b);
    expect(all).toHaveLength(6);
    for (let i = 1; i < all.length; i++) expect(all[i]! - all[i - 1]!).toBeGreaterThanOrEqual(50);
    // The creator's notices keep the order of the sales.
    const serials = fake.messagesTo(CREATOR).map((call) => /#(\d+)/.exec(String(call.params.text))![1]);
    expect(serials).toEqual(['1', '2', '3']);
  });

  it('does not send a row marked sent by someone else meanwhile', async () => {
    await buyers(1, 951);
    await db.update(tables.outbox).set({ status: 'sent' }).where(eq(tables.outbox.kind, 'sale_notice'));
    const { worker } = outboxWorker({ db, storage }, fake);
    expect(await worker.drainOnce()).toBe(1);
    expect(fake.messagesTo(CREATOR)).toHaveLength(0);
  });
});
