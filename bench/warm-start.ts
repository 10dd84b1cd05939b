/**
 * `npm run bench:start`, warm start: spawn `node --import tsx scripts/start.ts` on a warm
 * DATA_DIR with a current mini-app build, and time spawn -> first 200 on GET /api/marketplace/stats; in
 * the same run, alternating with it, a bare Fastify process started the same way (bare-fastify.ts). Prints
 * each run's wall time and the server's CPU (user+system from /proc, Linux only) at that moment, then the
 * medians, and exits non-zero when the marketplace's median is above 3× the bare one.
 *
 *   npm run bench:start [-- runs=5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timeStart as once } from './start-timer.js';

const RUNS = Number(process.argv[2] ?? 5);
const GOAL_RATIO = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (value: number) => `${value.toFixed(2)} s`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-start-'));
try {
  // The first start migrates DATA_DIR and stamps the build; both first starts fill tsx's cache.
  await once('scripts/start.ts', dataDir);
  await once('bench/bare-fastify.ts', dataDir);
  const app: Array<{ wall: number; cpu: number }> = [];
  const bare: Array<{ wall: number; cpu: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    app.push(await once('scripts/start.ts', dataDir));
    bare.push(await once('bench/bare-fastify.ts', dataDir));
    console.log(
      `run ${i + 1}: marketplace ${seconds(app[i]!.wall)} (cpu ${seconds(app[i]!.cpu)}), bare Fastify ${seconds(bare[i]!.wall)} (cpu ${seconds(bare[i]!.cpu)})`,
    );
  }
  const appWall = median(app.map((r) => r.wall));
  const bareWall = median(bare.map((r) => r.wall));
  const ratio = appWall / bareWall;
  console.log(
    `median: marketplace ${seconds(appWall)} (cpu ${seconds(median(app.map((r) => r.cpu)))}), bare Fastify ${seconds(bareWall)} (cpu ${seconds(median(bare.map((r) => r.cpu)))})`,
  );
  console.log(`ratio ${ratio.toFixed(2)}, goal ≤ ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'ok' : 'MISSED'}`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${os.cpus().length} cores`,
  );
  if (ratio > GOAL_RATIO) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
