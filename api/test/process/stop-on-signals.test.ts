import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The stop deadline of stopOnSignals, held against a stop that never ends, on a real process. */
const FIXTURE = path.join(import.meta.dirname, 'fixtures/stuck-stop.ts');

async function runStuck(mode: 'blocked' | 'pending') {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('ready') && resolve()));
  const signalled = performance.now();
  child.kill('SIGTERM');
  const result = await exited;
  return { ...result, ms: performance.now() - signalled, output: () => output };
}

describe('stopOnSignals deadline (real processes)', () => {
  it('exits with 1 at the deadline when the stop waits on something that never ends', async () => {
    const result = await runStuck('pending');
    expect(result.code).toBe(1);
    expect(result.ms).toBeGreaterThanOrEqual(1_000);
    expect(result.ms).toBeLessThan(3_000);
    expect(result.output()).toContain('graceful stop took over 1000 ms; exiting');
  }, 30_000);

  it('kills the process from the watchdog thread when the stop blocks the main thread (no timer can fire)', async () => {
    const result = await runStuck('blocked');
    expect(result.signal).toBe('SIGKILL');
    // Deadline plus the watchdog's grace, not forever.
    expect(result.ms).toBeGreaterThanOrEqual(3_000);
    expect(result.ms).toBeLessThan(6_000);
    expect(result.output()).toContain('graceful stop still blocked after 3000 ms');
  }, 30_000);
});
