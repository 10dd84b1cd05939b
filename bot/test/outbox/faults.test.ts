import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { claimOutboxBatch, memoryStorage, requestStickerSet, type Database, type FileStorage } from '@stickerdrop/core';
import { describeEachDatabase, describePostgres, freshDatabase, TEST_DATABASE_URL } from '../../../api/test/helpers.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { BOT_OUTBOX_KINDS } from '../../src/outbox/deliveries.js';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_BACKOFF_MS } from '../../src/outbox/worker.js';
import { insertPack, insertUser, outboxRows, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';

const CREATOR = 900;
const SECOND = 1000;

/**
 * The outbox through the faults of a deployment: Telegram down for minutes, a worker killed holding a
 * claim, a long sticker-set upload next to another worker, a `sent` mark that fails after the send, and
 * (real Postgres) every database connection cut under the running worker.
 */
describeEachDatabase('outbox worker under faults', (kind) => {
  let db: Database;
  let storage: FileStorage;
  let fake: FakeBotApi;
  let closeDb: () => Promise<void>;
  let packId: number;

  beforeEach(async () => {
    const database = await freshDatabase(kind);
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

  /** One sale: a receipt to the buyer and a notice to the creator. */
  async function sale(buyerId: number): Promise<void> {
    await insertUser(db, { id: buyerId });
    await purchase(db, buyerId, packId);
  }

  /** Moves the worker's clock one second at a time, one pass per second as the idle loop does. */
  async function stepUntil(clock: { now: Date }, pass: () => Promise<unknown>, done: () => boolean, maxS: number) {
    for (let s = 1; s <= maxS; s++) {
      clock.now = new Date(clock.now.getTime() + SECOND);
      await pass();
      if (done()) return s;
    }
    return Infinity;
  }

  it('delivers within 30 s of Telegram returning after a 10-minute outage, with the default backoff', async () => {
    await sale(501);
    const clock = { now: new Date() };
    const { worker } = outboxWorker({ db, storage }, fake, { now: () => clock.now });
    fake.outage = true;
    const tries: number[] = [];
    for (let s = 1; s <= 600; s++) {
      clock.now = new Date(clock.now.getTime() + SECOND);
      const before = fake.callsTo('sendMessage').length;
      await worker.drainOnce();
      if (fake.callsTo('sendMessage').length > before) tries.push(s);
    }
    // Tried again and again, never more than the cap apart, never delivered meanwhile.
    const gaps = tries.slice(1).map((at, i) => at - tries[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(OUTBOX_MAX_BACKOFF_MS / SECOND);
    expect(Math.max(...gaps)).toBeGreaterThan(10);
    expect(fake.delivered).toHaveLength(0);

    fake.outage = false;
    const seconds = await stepUntil(
      clock,
      () => worker.drainOnce(),
      () => fake.delivered.length === 2,
      60,
    );
    console.info(`outbox: delivered ${seconds} s after Telegram came back (10-minute outage)`);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(fake.delivered).toHaveLength(2);
  });

  it('sends the rows of a worker killed mid-batch within seconds, not minutes', async () => {
    await sale(601);
    const clock = { now: new Date() };
    // A worker claimed everything with the default lease and was killed (no hand-back, no renewal).
    expect(
      await claimOutboxBatch(db, { kinds: BOT_OUTBOX_KINDS, limit: 50, now: clock.now, leaseMs: OUTBOX_LEASE_MS }),
    ).toHaveLength(2);
    const { worker } = outboxWorker({ db, storage }, fake, { now: () => clock.now });
    const seconds = await stepUntil(
      clock,
      () => worker.drainOnce(),
      () => fake.delivered.length === 2,
      600,
    );
    console.info(`outbox: a dead worker's rows went out ${seconds} s after its claim`);
    expect(seconds).toBeLessThanOrEqual(OUTBOX_LEASE_MS / SECOND + 1);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it('renews the lease during a long sticker-set upload: a second worker does not start it again', async () => {
    const owner = 4242;
    await insertUser(db, { id: owner });
    const stickerPack = await insertPack({ db, storage }, CREATOR, { title: 'Slow Cats', stickers: 3 });
    await purchase(db, owner, stickerPack);
    await db.execute(sql`DELETE FROM outbox`);
    await requestStickerSet(db, { userId: owner, packId: stickerPack, requestId: 'slow-upload' });
    // The upload takes three leases; without renewal the other worker would claim the row meanwhile. A lease
    // of a second leaves room for a busy machine's event-loop stalls (300 ms did not, at a load of 15).
    // Real time: a version on a faked heartbeat timed out on CI's Postgres run, its cause not yet found.
    const leaseMs = 1_000;
    fake.delay('createNewStickerSet', 3 * leaseMs);
    const a = outboxWorker({ db, storage }, fake, { leaseMs }).worker;
    const b = outboxWorker({ db, storage }, fake, { leaseMs }).worker;
    a.start();
    b.start();
    try {
      await fake.waitFor(() => fake.messagesTo(owner).length === 1, 10_000, 'the set link');
      await new Promise((resolve) => setTimeout(resolve, 2 * leaseMs));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(fake.callsTo('createNewStickerSet')).toHaveLength(1);
    expect(fake.messagesTo(owner)).toHaveLength(1);
    expect((await outboxRows(db)).map((row) => row.status)).toEqual(['sent']);
  });

  it('a message sent whose mark failed is marked later, never sent again', async () => {
    await sale(701);
    // The database refuses the `sent` marks once (as if it went away right after the send).
    await db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' THEN RAISE EXCEPTION 'database went away'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER refuse_sent BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_sent()`,
    );
    const clock = { now: new Date() };
    const { worker, log } = outboxWorker({ db, storage }, fake, { now: () => clock.now });

    expect(await worker.drainOnce()).toBe(2);
    expect(fake.delivered).toHaveLength(2);
    expect((await outboxRows(db)).map((row) => row.status)).toEqual(['sending', 'sending']);
    expect(log.errors().length).toBeGreaterThan(0);

    // Test databases may be recycled for the next case: the fault leaves nothing behind.
    await db.execute(sql`DROP TRIGGER refuse_sent ON outbox`);
    await db.execute(sql`DROP FUNCTION refuse_sent()`);
    // Well past the lease: the rows would be claimed and sent again if the worker had forgotten.
    await stepUntil(
      clock,
      () => worker.drainOnce(),
      () => false,
      2 * (OUTBOX_LEASE_MS / SECOND),
    );
    expect(fake.delivered).toHaveLength(2);
    expect((await outboxRows(db)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});

describePostgres('outbox worker when Postgres drops every connection', () => {
  it('carries on: the worker loop survives terminated backends and delivers what comes next', async () => {
    const database = await freshDatabase('postgres');
    const fake = await startFakeBotApi();
    const storage = memoryStorage();
    const db = database.db;
    const { worker } = outboxWorker({ db, storage }, fake);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await insertUser(db, { id: CREATOR, isCreator: true });
      const pack = await insertPack({ db, storage }, CREATOR, { title: 'Space Cats' });
      worker.start();
      const [row] = (
        (await db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: [{ name: string }] }
      ).rows;
      for (let round = 0; round < 3; round++) {
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [row.name]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const cutAt = Date.now();
      await insertUser(db, { id: 801 });
      await purchase(db, 801, pack);
      await fake.waitFor(() => fake.delivered.length === 2, 10_000, 'delivery after the cuts');
      console.info(`outbox: delivered ${Date.now() - cutAt} ms after the connections were cut`);
    } finally {
      await worker.stop();
      await admin.end();
      await fake.close();
      await database.close();
    }
  });
});
