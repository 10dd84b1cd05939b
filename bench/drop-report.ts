/** The figures of `npm run bench:drop`: each rail beside its floor, and the goals they are held to. */
import type { RailRun } from './drop-rail.js';
import { printTable } from './table.js';

/**
 * On every rail, against the floor measured in the same run (machines differ, so the goal is a ratio):
 * fulfilments/s at least half the floor's, buy and pay p99 at most twice the floor's, and the server's peak
 * RSS within 300 MB. The demo rail was once held to absolute figures (500/s, p99 150 ms) on a batched path
 * of its own; it now settles through the path every rail takes, so it is held to the same ratios.
 */
export const RATIO_GOALS = { rate: 0.5, p99: 2 };
export const RSS_GOAL_MB = 300;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const p99 = (values: number[]) => percentile(values, 99);

/** The sentences of every goal `run` missed (its checks' failures come with it). */
export function missedGoals(run: RailRun): string[] {
  const { drop, floor } = run;
  const missed = [...drop.failures];
  if (floor.settled !== floor.editions.n || floor.editions.distinct !== floor.editions.n) {
    missed.push(`the floor minted ${JSON.stringify(floor.editions)} for ${floor.settled} settlements`);
  }
  if (drop.rssMb > RSS_GOAL_MB) missed.push(`RSS ${drop.rssMb.toFixed(0)} MB, goal ≤ ${RSS_GOAL_MB}`);
  if (drop.rate < RATIO_GOALS.rate * floor.rate)
    missed.push(
      `${drop.rate.toFixed(0)} fulfilments/s, goal ≥ ${RATIO_GOALS.rate} × the floor's ${floor.rate.toFixed(0)}`,
    );
  for (const [name, ms, floorMs] of [
    ['buy', drop.buyMs, floor.buyMs],
    ['pay', drop.payMs, floor.payMs],
  ] as const) {
    if (p99(ms) > RATIO_GOALS.p99 * p99(floorMs)) {
      missed.push(
        `${name} p99 ${p99(ms).toFixed(0)} ms, goal ≤ ${RATIO_GOALS.p99} × the floor's ${p99(floorMs).toFixed(1)}`,
      );
    }
  }
  return missed.map((sentence) => `${run.rail}: ${sentence}`);
}

/** One line per rail and one for its floor, with the ratios the goals are on. */
export function printRun(runs: RailRun[]): void {
  const ms = (value: number) => value.toFixed(1);
  const rows = runs.flatMap(({ rail, drop, floor }) => [
    [
      rail,
      drop.rate.toFixed(0),
      (drop.rate / floor.rate).toFixed(2),
      ms(percentile(drop.buyMs, 50)),
      ms(p99(drop.buyMs)),
      (p99(drop.buyMs) / p99(floor.buyMs)).toFixed(2),
      ms(percentile(drop.payMs, 50)),
      ms(p99(drop.payMs)),
      (p99(drop.payMs) / p99(floor.payMs)).toFixed(2),
      drop.rssMb.toFixed(0),
    ],
    [
      `  its floor`,
      floor.rate.toFixed(0),
      '',
      ms(percentile(floor.buyMs, 50)),
      ms(p99(floor.buyMs)),
      '',
      ms(percentile(floor.payMs, 50)),
      ms(p99(floor.payMs)),
      '',
      '',
    ],
  ]);
  const header = [
    'rail',
    'fulfil/s',
    '× floor',
    'buy p50',
    'buy p99',
    '× floor',
    'pay p50',
    'pay p99',
    '× floor',
    'RSS MB',
  ];
  printTable(header, rows);
}

export function spread(values: number[], digits = 0): string {
  return `${values.map((v) => v.toFixed(digits)).join(', ')} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
}
