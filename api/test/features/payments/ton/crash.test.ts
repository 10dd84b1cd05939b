import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Address } from '@ton/core';
import { createTonIndexer, createTonWatcher, readCursor } from '@stickerdrop/core/testing';
import { startFakeToncenter, type FakeToncenter } from '../../../fakes/toncenter.js';
import { buildTestApp, describePostgres, TEST_DATABASE_URL, type TestApp } from '../../../helpers.js';
import { createUser } from '../../../users.js';
import { buy, createPack, editionsOf, orderRow } from '../../orders/fixtures.js';
import { ledger, RECEIVER, railsConfig, recordingLog } from '../fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRICE = 2_000_000_000n;
const CHILD = 'ton_watcher_child';

/** Raw rows of a query (node-postgres result). */
async function rowsOf<T>(t: TestApp, query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function until(what: string, predicate: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Real Postgres: the watcher runs in another process, which is killed with SIGKILL mid-settlement. */
describePostgres('TON watcher killed between seeing a payment and committing it', () => {
  let t: TestApp;
  let chain: FakeToncenter;
  let child: ChildProcess | undefined;
  let locker: pg.Client | undefined;

  beforeEach(async () => {
    chain = await startFakeToncenter(RECEIVER);
    t = await buildTestApp({ kind: 'postgres', config: railsConfig({ indexerUrl: chain.baseUrl }) });
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    await locker?.end().catch(() => undefined);
    await t.close();
    await chain.close();
  });

  it('commits nothing, and after the restart the payment is fulfilled exactly once', async () => {
    const pack = await createPack(t, { priceNano: PRICE });
    const buyer = await createUser(t);
    const bought = await buy(t, buyer, pack.id, 'ton');
    const orderId = bought.order.id;
    const [{ name }] = (await rowsOf<{ name: string }>(t, sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;

    // Hold the pack's row lock: the child's settlement will stop inside its transaction, after it has
    // read the transfer and written its ledger row, and before it can commit.
    locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM packs WHERE id = $1 FOR UPDATE', [pack.id]);

    const hash = chain.transfer({ amountNano: PRICE, comment: orderId });
    const childUrl = new URL(url);
    childUrl.searchParams.set('application_name', CHILD);
    child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'watcher-process.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: childUrl.toString(),
        TON_INDEXER_URL: chain.baseUrl,
        TON_RECEIVER_ADDRESS: RECEIVER,
      },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Asked outside the locker's transaction: pg_stat_activity is a snapshot for the rest of a transaction.
    const childSessions = async (where: string) => {
      const [row] = await rowsOf<{ n: number | string }>(
        t,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${name} AND application_name = ${CHILD} ${sql.raw(where)}`,
      );
      return Number(row?.n);
    };
    const waiting = async () => (await childSessions("AND wait_event_type = 'Lock'")) > 0;
    await until('the child to block inside its settlement', waiting).catch((error: Error) => {
      throw new Error(`${error.message}; the child said: ${output}`);
    });
    expect(chain.queries.some((query) => query.status === 200 && query.returned === 1)).toBe(true);

    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    await locker.query('ROLLBACK');
    await until('the killed process to leave the database', async () => (await childSessions('')) === 0);

    // Nothing of the half-done settlement survived, and the read position did not move past it.
    expect((await orderRow(t, orderId)).status).toBe('reserved');
    expect(await ledger(t)).toEqual([]);
    expect(await editionsOf(t, pack.id)).toHaveLength(0);
    expect(await readCursor(t.db, Address.parse(RECEIVER).toRawString())).toBeNull();

    // The restarted watcher reads the transfer again and settles it; more polls change nothing.
    const restarted = createTonWatcher({
      db: t.db,
      indexer: createTonIndexer(chain.baseUrl),
      receiver: RECEIVER,
      now: () => t.clock.now,
      log: recordingLog(),
    });
    expect(await restarted.pollOnce()).toBe(1);
    expect(await restarted.pollOnce()).toBe(0);
    const order = await orderRow(t, orderId);
    expect([order.status, order.paymentRef]).toEqual(['paid', hash]);
    expect(await editionsOf(t, pack.id)).toHaveLength(1);
    expect(await ledger(t)).toMatchObject([{ ref: hash, outcome: 'fulfilled' }]);
  });
});
