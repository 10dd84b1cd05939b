import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { type DatabaseHandle, memoryStorage, openDatabase } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { createApp } from '../../src/app.js';
import { createPack } from '../features/orders/fixtures.js';
import { rateLimitsWith, TEST_DATABASE_URL } from '../helpers.js';
import { createUser, type TestUser } from '../users.js';
import { tables } from '@stickerdrop/core/testing';

/** The fault drills' harness: a database of their own, load on the app, and the server's view of its sessions. */

export interface Response {
  /** Which request this answers, counted across lanes. */
  seq: number;
  kind: 'read' | 'buy';
  status: number;
  body: { error?: unknown };
  startedAt: number;
  at: number;
}

export async function until(
  what: string,
  predicate: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Connections in the drill's pool: a restart can fail at most one request on each before it is replaced. */
export const FAULTS_POOL_SIZE = 10;

/** A fresh database this test owns; dropped through a new admin connection (a restart ends old ones). */
export async function ownDatabase(): Promise<{
  name: string;
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}> {
  const name = `sd_faults_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  // Lost connections are expected here; the default would print one line per terminated session.
  const handle = await openDatabase({
    url: url.toString(),
    poolSize: FAULTS_POOL_SIZE,
    onConnectionError: () => undefined,
  });
  return {
    name,
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function withAdmin<T>(use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  admin.on('error', () => undefined); // a restart may end this session too; the query below reports it
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** Starts load on the app: readers of the catalogue and buyers (each buy is a transaction). */
export async function underLoad(name: string, handle: DatabaseHandle) {
  // The lanes buy far faster than a person would, each buy's reservation then expired by hand: past the
  // per-user buy limit or the unpaid-reservation cooldown they would only see 429s, never reach the locks.
  const config = testConfig({
    ...rateLimitsWith({ buy: { max: 1_000_000, windowMs: 60_000 } }),
    reservations: { ...testConfig().reservations, cooldown: { maxLapsed: 1_000_000, windowMs: 60_000 } },
  });
  const app = await createApp({ config, db: handle.db, storage: memoryStorage(), logger: false });
  await app.ready();
  const t = { app, db: handle.db };
  const pack = await createPack(t, { maxSupply: 100_000 });
  const buyers: TestUser[] = [];
  for (let i = 0; i < 4; i++) buyers.push(await createUser(t));
  const responses: Response[] = [];
  // Per lane, the request it is waiting on: the ones in flight at a cut are the ones the cut can fail.
  const inFlight = new Map<number, Pick<Response, 'kind' | 'seq'>>();
  let sent = 0;
  let running = true;
  let stopped: Promise<void> | undefined;
  const lane = async (i: number) => {
    while (running) {
      const kind = i % 2 === 0 ? 'read' : 'buy';
      const startedAt = Date.now();
      const seq = ++sent;
      inFlight.set(i, { kind, seq });
      const res =
        kind === 'read'
          ? await app.inject({ method: 'GET', url: '/api/stickers' })
          : await app.inject({
              method: 'POST',
              url: '/api/marketplace/buy',
              headers: buyers[i % buyers.length]!.headers,
              payload: { stickerId: pack.id, paymentMethod: 'demo' },
            });
      const body = res.json() as Response['body'] & { order?: { id: string } };
      responses.push({ seq, kind, status: res.statusCode, body, startedAt, at: Date.now() });
      inFlight.delete(i);
      // Lets the reservation go, so the buyer's next buy reserves again under the pack's lock (a buyer
      // with a live reservation is answered from a snapshot, without a transaction).
      if (body.order) {
        await handle.db
          .update(tables.orders)
          .set({ status: 'expired' })
          .where(eq(tables.orders.id, body.order.id))
          .catch(() => undefined);
      }
    }
  };
  const lanes = Array.from({ length: 8 }, (_, i) => lane(i));
  // Buys and the sweeper wait on these locks, so at the cut there are transactions in flight for certain.
  let probes = 0;
  const blockBuys = async (url: string) => {
    // A buyer with no reservation: their buy reaches the pack's lock for certain, where a lane's next buy may
    // not (its buyer's reservation is released by an update that the orders lock below blocks too).
    const prober = await createUser(t);
    const locker = new pg.Client({ connectionString: url });
    locker.on('error', () => undefined);
    await locker.connect();
    try {
      const { rows } = await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM packs WHERE id = $1 FOR UPDATE', [pack.id]);
      // Reads go on; writes to orders (the reservation sweeper's) wait too.
      await locker.query('LOCK TABLE orders IN EXCLUSIVE MODE');
      const probe = { kind: 'buy' as const, seq: ++sent };
      const key = -++probes; // beside the lanes' own keys, 0 to 7
      const startedAt = Date.now();
      inFlight.set(key, probe);
      void app
        .inject({
          method: 'POST',
          url: '/api/marketplace/buy',
          headers: prober.headers,
          payload: { stickerId: pack.id, paymentMethod: 'demo' },
        })
        .then((res) => {
          responses.push({ ...probe, status: res.statusCode, body: res.json(), startedAt, at: Date.now() });
          inFlight.delete(key);
        });
      // The probe's buy waits in the batch transaction of reservations (group commit, core/src/db/batches.ts),
      // the sweeper's pass on the orders lock: both are cut below.
      await until(
        'the probe buy and the sweeper to wait on the locks',
        async () =>
          (await waiting(name, '%reserve_edition%')) >= 1 && (await waiting(name, '%', SWEEPER_APPLICATION)) >= 1,
      );
      return { locker, pid: rows[0]!.pid };
    } catch (error) {
      await locker.end().catch(() => undefined);
      throw error;
    }
  };
  return {
    t,
    packId: pack.id,
    responses,
    blockBuys,
    /** The buys in flight now (lanes run one request at a time). */
    buysInFlight(): number[] {
      return [...inFlight.values()].filter((r) => r.kind === 'buy').map((r) => r.seq);
    },
    /** How long after `since` a buy (a real transaction) that started after it succeeded. */
    async recoveredAfter(since: number): Promise<number> {
      const ok = (r: Response) => r.kind === 'buy' && r.startedAt >= since && r.status < 300;
      await until('a successful buy', () => responses.some(ok));
      return responses.find(ok)!.at - since;
    },
    /** Ends the load; again only waits for the first call. */
    stop(): Promise<void> {
      running = false;
      stopped ??= Promise.all(lanes).then(() => app.close());
      return stopped;
    },
  };
}

/** The reservation sweeper's connections say who they are, so the test knows when its pass is blocked. */
export const SWEEPER_APPLICATION = 'sd-faults-sweeper';

/** Sessions of the database blocked on a lock, or only those whose statement (and application) is like these. */
export async function waiting(name: string, query = '%', application = '%'): Promise<number> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE $2 AND application_name LIKE $3`,
      [name, query, application],
    );
    return rows[0]!.n;
  });
}

/** How many of these server processes still exist. */
export async function stillRunning(pids: number[]): Promise<number> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])',
      [pids],
    );
    return rows[0]!.n;
  });
}

/** Every failure in the window is a 503 with a message, never a crash or a hang. */
export function expectOnly503s(responses: Response[]): number {
  const failed = responses.filter((r) => r.status >= 300);
  for (const r of failed) {
    expect(r.status).toBe(503);
    expect(r.body.error).toEqual(expect.any(String));
  }
  return failed.length;
}
