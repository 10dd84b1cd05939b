/**
 * `npm run bench`: the API in-process on random loopback ports, on a fresh database holding 10,000 packs
 * (Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite), loaded by autocannon one
 * route at a time. Two apps share the database: one with the production read cache (config.readCacheMs,
 * or BENCH_READ_CACHE_MS) and one without it, so every route is measured cached and uncached in the same
 * run, signed out and signed in. Beside each route, in the same run: its floor (floor.ts: the statements
 * the route sends, through the same client, answered by a bare node:http handler) and, for reference
 * only, a constant-JSON answer from the app. Prints req/s, p50 and p99 (ms), and exits non-zero when a
 * route's uncached req/s is below 0.7 of its floor or any answer was not a 2xx.
 * BENCH_ONLY=<text> runs only the routes whose name contains it (profiling).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createApp } from '@stickerdrop/api';
import { loadConfig, memoryStorage, seedBenchCatalogue, type Config, type Database } from '@stickerdrop/core';
import { openBenchDatabase } from './database.js';
import { startReadFloors } from './floor.js';
import { profiled } from './profile.js';
import { runLoad, type LoadResult } from './load.js';
import { seedBenchResale } from './resale-seed.js';
import { printTable } from './table.js';
import { benchViewer } from './viewer.js';

const PACKS = 10_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Turns of floor and uncached app per route (floorBesideApp). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY;
/** Each route's uncached req/s against its floor's, measured minutes apart at most. */
const SHARE_OF_FLOOR = 0.7;

interface Route {
  name: string;
  path: string;
  signedIn?: boolean;
}

interface Measured {
  route: Route;
  /** Statements one request sends (what the floor replays). */
  statements: number;
  floor: LoadResult;
  /** For reference: other work on a shared machine moves it minute to minute. */
  ceiling: LoadResult;
  cached: LoadResult;
  uncached: LoadResult;
  /** Each round's uncached req/s over its floor's. */
  shares: number[];
}

async function main(): Promise<void> {
  const database = await openBenchDatabase(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
  console.log(`database: ${database.label}`);
  const db = database.handle.db;
  const cachedConfig = benchConfig();
  if (process.env.BENCH_READ_CACHE_MS !== undefined) cachedConfig.readCacheMs = Number(process.env.BENCH_READ_CACHE_MS);
  const cached = await benchApp(cachedConfig, db);
  const uncached = await benchApp({ ...cachedConfig, readCacheMs: 0 }, db);
  const floors = await startReadFloors(db);
  try {
    const started = Date.now();
    await seedBenchCatalogue(db, PACKS);
    const resalePackId = await seedBenchResale(db);
    console.log(`seeded ${PACKS} packs and their resale market in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The tables settled before any phase: otherwise autovacuum analyses them a minute in, during some
    // route's phase, and the plans prepared before it were made without statistics.
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
    const bases = { cached: await listen(cached), uncached: await listen(uncached) };

    const firstPage = (await (await fetch(`${bases.uncached}/api/stickers?sort=price_low`)).json()) as {
      nextCursor: string;
    };
    const listing = (await (await fetch(`${bases.uncached}/api/stickers`)).json()) as { items: { id: number }[] };
    const packId = listing.items[0]!.id;
    // Both apps sign with the same secret, so one token works on either.
    const token = await benchViewer(
      uncached,
      db,
      listing.items.map((item) => item.id),
    );
    const routes: Route[] = [
      { name: 'GET /api/stickers', path: '/api/stickers' },
      { name: 'GET /api/stickers?search=galaxy', path: '/api/stickers?search=galaxy' },
      {
        name: 'GET /api/stickers?search=cats, filtered',
        path: '/api/stickers?search=cats&category=animals&format=static&minPrice=1&maxPrice=40&availability=primary',
      },
      {
        name: 'GET /api/stickers?sort=price_low (page 2)',
        path: `/api/stickers?sort=price_low&cursor=${firstPage.nextCursor}`,
      },
      { name: `GET /api/stickers/${packId}`, path: `/api/stickers/${packId}` },
      { name: 'GET /api/stickers/trending/list', path: '/api/stickers/trending/list?limit=6' },
      { name: 'GET /api/marketplace/stats', path: '/api/marketplace/stats' },
      {
        name: `GET /api/stickers/${resalePackId}/listings`,
        path: `/api/stickers/${resalePackId}/listings`,
      },
      {
        name: `GET /api/stickers/${resalePackId}/activity`,
        path: `/api/stickers/${resalePackId}/activity`,
      },
      { name: 'GET /api/activity', path: '/api/activity' },
      { name: 'GET /api/stickers?onResale=1 (floor)', path: '/api/stickers?onResale=1' },
      { name: 'GET /api/stickers, signed in', path: '/api/stickers', signedIn: true },
      { name: `GET /api/stickers/${packId}, signed in`, path: `/api/stickers/${packId}`, signedIn: true },
    ].filter((route) => !ONLY || route.name.includes(ONLY));
    console.log(
      `load: ${CONNECTIONS} connections, ${SECONDS} s per phase after a 1 s warm-up; floor and uncached app in ${ROUNDS} turns\n`,
    );

    const measured: Measured[] = [];
    for (const route of routes) {
      const headers: Record<string, string> = route.signedIn ? { authorization: `Bearer ${token}` } : {};
      const url = `${bases.uncached}${route.path}`;
      const statements = await floors.record(url, headers);
      const ceiling = await measure(`${bases.uncached}/bench/ceiling`, {});
      const cached = await measure(`${bases.cached}${route.path}`, headers);
      const paired = await floorBesideApp(route.name, floors.floorUrl(url), url, headers);
      measured.push({ route, statements, ceiling, cached, ...paired });
    }
    process.exitCode = report(measured) ? 0 : 1;
  } finally {
    await floors.close();
    await cached.close();
    await uncached.close();
    await database.dispose();
  }
}

function benchConfig(): Config {
  return loadConfig({
    NODE_ENV: 'development',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
}

async function benchApp(config: Config, db: Database): Promise<FastifyInstance> {
  const app = await createApp({ config, db, storage: memoryStorage(), logger: false });
  const ceiling = { ok: true, service: 'stickerdrop' };
  app.get('/bench/ceiling', async () => ceiling);
  return app;
}

const listen = (app: FastifyInstance) => app.listen({ host: '127.0.0.1', port: 0 });

async function measure(url: string, headers: Record<string, string>): Promise<LoadResult> {
  await warmUp(url, headers);
  return runLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
}

async function warmUp(url: string, headers: Record<string, string>): Promise<void> {
  const status = (await fetch(url, { headers })).status;
  if (status !== 200) throw new Error(`${url} answered ${status} before the run`);
  await runLoad(url, { connections: CONNECTIONS, seconds: 1, headers });
}

/**
 * The floor and the uncached app in turns, ROUNDS of each, so that the machine's drift from one phase to
 * the next (seen here at ±30 % on the floor alone) falls on both sides of the ratio: the share is the
 * median of the rounds' own shares, each round's floor beside its app; the figures are the median rounds.
 */
async function floorBesideApp(
  name: string,
  floorUrl: string,
  url: string,
  headers: Record<string, string>,
): Promise<Pick<Measured, 'floor' | 'uncached' | 'shares'>> {
  await warmUp(floorUrl, {});
  await warmUp(url, headers);
  const floors: LoadResult[] = [];
  const apps: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    floors.push(await runLoad(floorUrl, { connections: CONNECTIONS, seconds: SECONDS }));
    const app = () => runLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
    // BENCH_PROFILE: the app's first turn only (the floor runs in this process too).
    apps.push(await (round === 0 ? profiled(name, app) : app()));
  }
  const shares = apps.map((app, i) => app.requestsPerSecond / floors[i]!.requestsPerSecond);
  return { floor: medianRun(floors), uncached: medianRun(apps), shares };
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The round of median req/s, and any round's errors (a failed answer in any round counts). */
function medianRun(runs: LoadResult[]): LoadResult {
  const median = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)]!;
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return { ...median, non2xx: sum((r) => r.non2xx), errors: sum((r) => r.errors) };
}

/** Prints the table and each verdict; true when every goal is met. */
function report(measured: Measured[]): boolean {
  const failures: string[] = [];
  const rows = measured.map(({ route, statements, floor, ceiling, cached, uncached, shares }) => {
    const ofFloor = medianOf(shares);
    const met = ofFloor >= SHARE_OF_FLOOR;
    if (!met) failures.push(`${route.name}: uncached ${ofFloor.toFixed(2)} of its floor`);
    for (const [label, r] of [
      ['floor', floor],
      ['ceiling', ceiling],
      ['cached', cached],
      ['uncached', uncached],
    ] as const) {
      if (r.non2xx > 0 || r.errors > 0)
        failures.push(`${route.name} (${label}): ${r.non2xx} non-2xx, ${r.errors} errors`);
    }
    return [
      route.name,
      String(statements),
      ...figures(floor),
      ...figures(uncached),
      ofFloor.toFixed(2),
      met ? 'ok' : 'MISSED',
      shares.map((share) => share.toFixed(2)).join(' '),
      ...figures(cached),
      ceiling.requestsPerSecond.toFixed(0),
    ];
  });
  const columns = ['req/s', 'p50', 'p99'];
  printTable(
    [
      'route',
      'stmts',
      ...columns.map((c) => `floor ${c}`),
      ...columns.map((c) => `uncached ${c}`),
      `of floor (≥ ${SHARE_OF_FLOOR})`,
      '',
      'each round',
      ...columns.map((c) => `cached ${c}`),
      'const JSON req/s',
    ],
    rows,
  );
  for (const failure of failures) console.log(`! ${failure}`);
  console.log(failures.length ? '\nTOO SLOW' : '\nall goals met');
  return failures.length === 0;
}

function figures(r: LoadResult): string[] {
  return [r.requestsPerSecond.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1)];
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
