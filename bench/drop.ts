/**
 * `npm run bench:drop`: a drop paid as production pays, on a fresh Postgres database per drop
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL). One pack of 1,000 editions and 2,000 signed-in buyers over 100
 * keep-alive connections, each buyer reserving and then paying as fast as the server answers, on each rail
 * of BENCH_DROP_RAILS (default stars,ton,demo):
 * - stars: the API and the bot in one process, as `npm start` runs them; Telegram (a stand-in at
 *   TELEGRAM_API_ROOT) posts each buyer's pre-checkout query and then the successful payment to the bot's
 *   webhook, at most 40 updates in flight; the bot answers and settles, its outbox sends the receipts.
 * - ton: each buyer's transfer lands in a stand-in toncenter (TON_INDEXER_URL) that the API's TON watcher
 *   polls at its production page size and pace; paid when the watcher settled it.
 * - demo: the demo rail's POST /api/orders/:id/demo-pay.
 * Beside each drop, its floor (drop-floor.ts): the same database work as plain SQL through `pg`, same
 * buyers, same pool. Goals on every rail: fulfilments/s ≥ 0.5 × the floor's, buy and pay p99 ≤ 2 × the
 * floor's, the server's peak RSS ≤ 300 MB. Every drop is checked (drop-checks.ts). It runs
 * BENCH_DROP_RUNS (default 5) runs and exits non-zero unless every run met every goal and check. Smaller
 * drops to try it: BENCH_DROP_EDITIONS, BENCH_DROP_BUYERS, BENCH_DROP_CONNECTIONS. BENCH_PROFILE=<dir>: a CPU
 * profile of the server process during each measured drop (profile.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Rail } from './drop-pay.js';
import { railRun, type RailRun } from './drop-rail.js';
import { missedGoals, percentile, printRun, spread } from './drop-report.js';
import { bareFastifyStart } from './start-timer.js';

const env = process.env;
const RAILS = (env.BENCH_DROP_RAILS ?? 'stars,ton,demo').split(',') as Rail[];
const SIZE = { editions: Number(env.BENCH_DROP_EDITIONS ?? 1_000), buyers: Number(env.BENCH_DROP_BUYERS ?? 2_000) };
const CONNECTIONS = Number(env.BENCH_DROP_CONNECTIONS ?? 100);
/** The goals hold in 5 of 5 consecutive runs, each drop on a fresh database. */
const RUNS = Number(env.BENCH_DROP_RUNS ?? 5);

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${os.cpus().length} cores`;

async function main(): Promise<void> {
  const serverUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('bench:drop needs Postgres: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  if (RAILS.some((rail) => !['stars', 'ton', 'demo'].includes(rail)))
    throw new Error(`unknown rail in ${RAILS.join()}`);
  const bare = await machineSpeed();
  console.log(
    `${SIZE.buyers} buyers, ${SIZE.editions} editions, ${CONNECTIONS} connections; rails ${RAILS.join(', ')}`,
  );
  console.log(`this machine starts a bare Fastify in ${bare.toFixed(2)} s; ${load()}`);
  const runs: RailRun[][] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\n== run ${run} of ${RUNS}`);
    const railRuns: RailRun[] = [];
    for (const rail of RAILS) {
      railRuns.push(await railRun(rail, serverUrl, SIZE, CONNECTIONS));
      // Each drop's peak RSS its own: V8 collects lazily.
      collectGarbage();
    }
    printRun(railRuns);
    const missed = railRuns.flatMap(missedGoals);
    for (const sentence of missed) console.log(`! ${sentence}`);
    console.log(missed.length ? 'FAILED' : 'every goal met and every check held');
    runs.push(railRuns);
  }
  const met = summarise(runs);
  console.log(`\nbare Fastify start ${bare.toFixed(2)} s; ${load()}`);
  process.exitCode = met ? 0 : 1;
}

/** Per rail: how many runs met everything, and the spread of each figure over the runs. */
function summarise(runs: RailRun[][]): boolean {
  let allMet = true;
  console.log('');
  for (const [index, rail] of RAILS.entries()) {
    const of = runs.map((run) => run[index]!);
    const met = of.filter((run) => missedGoals(run).length === 0).length;
    allMet &&= met === of.length;
    const p99 = (values: number[]) => percentile(values, 99);
    console.log(`${rail}: ${met} of ${of.length} runs met every goal and check`);
    console.log(`  fulfilments/s ${spread(of.map((r) => r.drop.rate))}; floor ${spread(of.map((r) => r.floor.rate))}`);
    console.log(
      `  × floor ${spread(
        of.map((r) => r.drop.rate / r.floor.rate),
        2,
      )}`,
    );
    console.log(
      `  buy p99 ms ${spread(of.map((r) => p99(r.drop.buyMs)))}; floor ${spread(
        of.map((r) => p99(r.floor.buyMs)),
        1,
      )}`,
    );
    console.log(
      `  pay p99 ms ${spread(of.map((r) => p99(r.drop.payMs)))}; floor ${spread(
        of.map((r) => p99(r.floor.payMs)),
        1,
      )}`,
    );
  }
  return allMet;
}

/** Machines differ; the bare Fastify start says how fast this one is (bench:start measures it the same way). */
async function machineSpeed(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-drop-'));
  try {
    return await bareFastifyStart(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** package.json runs the bench with --expose-gc. */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench:drop needs node --expose-gc (npm run bench:drop)');
  gc();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
