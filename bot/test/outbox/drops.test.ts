import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  announceOpenedDrops,
  memoryStorage,
  restorePack,
  takeDownPack,
  type Database,
  type FileStorage,
} from '@stickerdrop/core';
import { describeEachDatabase, freshDatabase } from '../../../api/test/helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';
import { TELEGRAM_LIMITS } from '../../src/outbox/send-limiter.js';
import { tables } from '@stickerdrop/core/testing';

const CREATOR = 900;
const SUBSCRIBERS = 1000;
const FIRST_ID = 10_000;

type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string }>> };

describeEachDatabase('drop announcements through the outbox', (kind) => {
  let db: Database;
  let storage: FileStorage;
  let fake: FakeBotApi;
  let closeDb: () => Promise<void>;
  let packId: number;
  const opensAt = new Date(Date.now() + 60_000);

  beforeEach(async () => {
    const database = await freshDatabase(kind);
    db = database.db;
    closeDb = database.close;
    storage = memoryStorage();
    fake = await startFakeBotApi();
    await insertUser(db, { id: CREATOR, isCreator: true });
    packId = await insertPack({ db, storage }, CREATOR, { title: 'Moon <Drop>', maxSupply: 500 });
    await db.update(tables.packs).set({ dropsAt: opensAt }).where(eq(tables.packs.id, packId));
  });
  afterEach(async () => {
    await fake.close();
    await closeDb();
  });

  /** Subscribers written in bulk (the API's subscribe is tested on its own); ids FIRST_ID… */
  async function subscribe(count: number): Promise<void> {
    await db.execute(
      sql`insert into users (id, first_name) select ${FIRST_ID} + g, 'Fan' from generate_series(0, ${count - 1}) g`,
    );
    await db.execute(
      sql`insert into drop_subscriptions (pack_id, user_id) select ${packId}, ${FIRST_ID} + g from generate_series(0, ${count - 1}) g`,
    );
  }

  it('1,000 subscribers get exactly one message each through a 429 storm, paced, by two workers', async () => {
    await subscribe(SUBSCRIBERS);
    // The job runs twice (two API processes, or a retry): still one row per subscriber.
    const [first, second] = await Promise.all([announceOpenedDrops(db, opensAt), announceOpenedDrops(db, opensAt)]);
    expect(first! + second!).toBe(1);
    // A storm: the first 40 sends are told to retry after a second.
    fake.tooManyRequests('sendMessage', 1, 40);

    // Telegram's own limits: each worker paces and waits out retry_after on a virtual clock of its own (as
    // each has its own limiter), so a thousand messages at 30 a second take no real time.
    const options = { limits: TELEGRAM_LIMITS, batchSize: 200, concurrency: 16, virtualTime: true };
    const a = outboxWorker({ db, storage }, fake, options);
    const b = outboxWorker({ db, storage }, fake, options);
    a.worker.start();
    b.worker.start();
    await fake.waitFor(() => fake.delivered.length >= SUBSCRIBERS, 60_000, 'a message to every subscriber');
    await Promise.all([a.worker.stop(), b.worker.stop()]);

    expect(fake.callsTo('sendMessage').filter((call) => call.status === 429)).toHaveLength(40);
    const recipients = fake.delivered.map((call) => Number(call.params.chat_id));
    expect(recipients).toHaveLength(SUBSCRIBERS);
    expect(new Set(recipients)).toEqual(new Set(Array.from({ length: SUBSCRIBERS }, (_, i) => FIRST_ID + i)));

    const message = fake.delivered[0]!;
    expect(message.params.text).toBe(
      `<b>The drop is open!</b> Moon &lt;Drop&gt; is on sale now. Serials go in the order payments settle: the first payment confirmed gets #1, the next #2, and so on.`,
    );
    expect((message.params.reply_markup as Keyboard).inline_keyboard[0]![0]).toEqual({
      text: 'Buy now',
      url: `https://t.me/${BOT_USER.username}?startapp=pack_${packId}`,
    });

    const rows = await db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'drop_opened'));
    expect(rows).toHaveLength(SUBSCRIBERS);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    // Paced: no second held more sends than the limit allows (each worker keeps its own limiter here).
    const grants = [...a.grants, ...b.grants].map((g) => g.at).sort((x, y) => x - y);
    let busiest = 0;
    for (let i = 0, j = 0; i < grants.length; i++) {
      while (grants[i]! - grants[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThanOrEqual(2 * TELEGRAM_LIMITS.perSecond + 2);

    // Nothing more to send, and the job does not announce again.
    expect(await announceOpenedDrops(db, new Date(opensAt.getTime() + 60_000))).toBe(0);
    expect(await a.worker.drainOnce()).toBe(0);
    // The pacing takes no real time; the margin is for a loaded machine (2 cores shared).
  }, 90_000);

  it('a blocked subscriber is marked undeliverable; the others are told', async () => {
    await subscribe(3);
    fake.block(FIRST_ID + 1);
    await announceOpenedDrops(db, opensAt);
    const { worker } = outboxWorker({ db, storage }, fake);
    expect(await worker.drainOnce()).toBe(3);
    expect(fake.delivered.map((call) => Number(call.params.chat_id)).sort()).toEqual([FIRST_ID, FIRST_ID + 2]);
    const rows = await db.select().from(tables.outbox).orderBy(tables.outbox.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['sent', 'sent', 'undeliverable']);
  });
  const takeDown = (at: Date) =>
    takeDownPack(db, { operatorId: 4_242_001, packId, reason: 'copyright', note: '', now: at });
  /** What reached the subscribers (the creator hears of the takedown itself). */
  const toSubscribers = () => fake.delivered.filter((call) => Number(call.params.chat_id) >= FIRST_ID);

  it('a removed pack’s drop is not announced and its subscribers are not told; a restore announces it', async () => {
    await subscribe(3);
    await takeDown(new Date(opensAt.getTime() - 1000));
    expect(await announceOpenedDrops(db, opensAt)).toBe(0);
    const { worker } = outboxWorker({ db, storage }, fake);
    await worker.drainOnce();
    expect(fake.delivered.map((call) => Number(call.params.chat_id))).toEqual([CREATOR]);
    expect(await db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'drop_opened'))).toEqual([]);
    const [pack] = await db.select().from(tables.packs).where(eq(tables.packs.id, packId));
    expect(pack!.dropAnnouncedAt).toBeNull();

    const later = new Date(opensAt.getTime() + 60_000);
    await restorePack(db, { operatorId: 4_242_001, packId, note: '', now: later });
    expect(await announceOpenedDrops(db, later)).toBe(1);
    expect(await worker.drainOnce()).toBe(3);
    expect(
      toSubscribers()
        .map((call) => Number(call.params.chat_id))
        .sort(),
    ).toEqual([FIRST_ID, FIRST_ID + 1, FIRST_ID + 2]);
  });

  it('announcements queued before a takedown are not sent after it', async () => {
    await subscribe(2);
    expect(await announceOpenedDrops(db, opensAt)).toBe(1);
    await takeDown(opensAt);
    const { worker } = outboxWorker({ db, storage }, fake);
    expect(await worker.drainOnce()).toBe(3);
    expect(toSubscribers()).toEqual([]);
    expect(fake.delivered.map((call) => Number(call.params.chat_id))).toEqual([CREATOR]);
    const rows = await db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'drop_opened'));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});
