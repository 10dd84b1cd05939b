/**
 * BENCH_PROFILE=<dir>: a CPU profile of the API process (node:inspector) while one phase of the read bench
 * runs, written as <dir>/<name>.cpuprofile for Chrome's DevTools or speedscope. Without it, nothing. The
 * profiler slows the phase it watches: a profiled run's figures say where the time goes, not whether a goal
 * is met.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const DIR = process.env.BENCH_PROFILE;

export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!DIR) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(DIR, { recursive: true });
    const file = path.join(DIR, `${name.replace(/[^a-z0-9]+/gi, '_')}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}
