import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimOutboxBatch, type Database, type FileStorage, memoryStorage } from '@stickerdrop/core';
import { describePostgres, freshDatabase } from '../../../api/test/helpers.js';
import { BOT_OUTBOX_KINDS } from '../../src/outbox/deliveries.js';
import { startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, outboxRows, purchase } from '../support/fixtures.js';
import { outboxWorker } from '../support/outbox-worker.js';

const CREATOR = 900;
const BUYERS = 30;

describePostgres('two outbox workers on one Postgres outbox', () => {
  let db: Database;
  let storage: FileStorage;
  let fake: FakeBotApi;
  let close: () => Promise<void>;
  let packId: number;

  beforeAll(async () => {
    const database = await freshDatabase('postgres');
    db = database.db;
    close = database.close;
    storage = memoryStorage();
    fake = await startFakeBotApi();
    await insertUser(db, { id: CREATOR, isCreator: true });
    packId = await insertPack({ db, storage }, CREATOR, { maxSupply: 1000 });
  });
  afterAll(async () => {
    await fake.close();
    await close();
  });

  it('concurrent claims never hand out the same row (FOR UPDATE SKIP LOCKED)', async () => {
    for (let i = 0; i < 10; i++) {
      await insertUser(db, { id: 2000 + i });
      await purchase(db, 2000 + i, packId);
    }
    const claim = () => claimOutboxBatch(db, { kinds: BOT_OUTBOX_KINDS, limit: 4, now: new Date(), leaseMs: 60_000 });
    const batches = await Promise.all([claim(), claim(), claim(), claim(), claim(), claim()]);
    const ids = batches.flat().map((row) => row.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    // Leave the table clean for the next case.
    await db.execute(`delete from outbox`);
  });

  it('two workers drain one outbox together: every message sent exactly once', async () => {
    for (let i = 0; i < BUYERS; i++) {
      await insertUser(db, { id: 3000 + i });
      await purchase(db, 3000 + i, packId);
    }
    fake.delay('sendMessage', 15);
    const a = outboxWorker({ db, storage }, fake, { batchSize: 5, concurrency: 2 });
    const b = outboxWorker({ db, storage }, fake, { batchSize: 5, concurrency: 2 });

    a.worker.start();
    b.worker.start();
    await fake.waitFor(() => fake.delivered.length >= BUYERS * 2, 30_000, 'all deliveries');
    await Promise.all([a.worker.stop(), b.worker.stop()]);

    const keys = fake.delivered.map((call) => `${String(call.params.chat_id)}:${String(call.params.text)}`);
    expect(keys).toHaveLength(BUYERS * 2);
    expect(new Set(keys).size).toBe(BUYERS * 2);
    expect(fake.callsTo('sendMessage')).toHaveLength(BUYERS * 2);
    // Both took part, and together they sent every row once.
    expect(a.sends()).toBeGreaterThan(0);
    expect(b.sends()).toBeGreaterThan(0);
    expect(a.sends() + b.sends()).toBe(BUYERS * 2);
    const rows = await outboxRows(db);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
