/**
 * `npm run bench`: the API in-process on a random loopback port, on a fresh database holding 10,000
 * packs (Postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite), loaded by autocannon
 * one route at a time. Prints req/s, p50 and p99 per route and each route's share of a constant-JSON
 * ceiling; fails when the listing serves less than a third of the ceiling.
 */
import { randomBytes } from 'node:crypto';
import { createApp } from '@stickerdrop/api';
import { loadConfig, memoryStorage, seedBenchCatalogue } from '@stickerdrop/core';
import { openBenchDatabase } from './database.js';
import { runLoad, type LoadResult } from './load.js';

const PACKS = 10_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LISTING_FLOOR = 1 / 3;
/** Unset: the production default (config.readCacheMs); 0 measures every request against the database. */
const READ_CACHE_MS = process.env.BENCH_READ_CACHE_MS;

async function main(): Promise<void> {
  const database = await openBenchDatabase(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
  console.log(`database: ${database.label}`);
  const config = loadConfig({
    NODE_ENV: 'development',
    DEMO: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  if (READ_CACHE_MS !== undefined) config.readCacheMs = Number(READ_CACHE_MS);
  console.log(`read cache: ${config.readCacheMs} ms`);
  const app = await createApp({ config, db: database.handle.db, storage: memoryStorage(), logger: false });
  try {
    const started = Date.now();
    await seedBenchCatalogue(database.handle.db, PACKS);
    console.log(`seeded ${PACKS} packs in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const ceiling = { ok: true, service: 'stickerdrop' };
    app.get('/bench/ceiling', async () => ceiling);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const firstPage = (await (await fetch(`${base}/api/stickers?sort=price_low`)).json()) as { nextCursor: string };
    const packId = (
      (await (await fetch(`${base}/api/stickers?sort=newest&limit=1`)).json()) as { items: { id: number }[] }
    ).items[0]!.id;
    const routes: [string, string][] = [
      ['ceiling (constant JSON)', '/bench/ceiling'],
      ['GET /api/stickers', '/api/stickers'],
      ['GET /api/stickers?search=galaxy', '/api/stickers?search=galaxy'],
      ['GET /api/stickers?sort=price_low (page 2)', `/api/stickers?sort=price_low&cursor=${firstPage.nextCursor}`],
      [`GET /api/stickers/${packId}`, `/api/stickers/${packId}`],
      ['GET /api/stickers/trending/list', '/api/stickers/trending/list?limit=6'],
      ['GET /api/marketplace/stats', '/api/marketplace/stats'],
    ];
    console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s per route after a 1 s warm-up\n`);

    const results: [string, LoadResult][] = [];
    for (const [name, path] of routes) {
      const status = (await fetch(`${base}${path}`)).status;
      if (status !== 200) throw new Error(`${path} answered ${status} before the run`);
      await runLoad(`${base}${path}`, { connections: CONNECTIONS, seconds: 1 });
      results.push([name, await runLoad(`${base}${path}`, { connections: CONNECTIONS, seconds: SECONDS })]);
    }
    printTable(results);

    const ceilingRps = results[0]![1].requestsPerSecond;
    const listing = results[1]![1].requestsPerSecond / ceilingRps;
    const failed = results.filter(([, result]) => result.non2xx > 0 || result.errors > 0);
    for (const [name, result] of failed) console.log(`! ${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    const verdict = listing >= LISTING_FLOOR ? 'ok' : 'TOO SLOW';
    console.log(`\nlisting / ceiling = ${listing.toFixed(2)} (needs ≥ ${LISTING_FLOOR.toFixed(2)}): ${verdict}`);
    // The floor is for the production configuration; a run with BENCH_READ_CACHE_MS is a diagnosis.
    if ((listing < LISTING_FLOOR && READ_CACHE_MS === undefined) || failed.length) process.exitCode = 1;
  } finally {
    await app.close();
    await database.dispose();
  }
}

function printTable(results: [string, LoadResult][]): void {
  const ceiling = results[0]![1].requestsPerSecond;
  const rows = results.map(([name, r]) => [
    name,
    r.requestsPerSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    (r.requestsPerSecond / ceiling).toFixed(2),
  ]);
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
