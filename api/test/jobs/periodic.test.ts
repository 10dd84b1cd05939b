import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodic, silentLogger, startJobs } from '@stickerdrop/core';

describe('periodic', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off after failures, doubling up to the cap, and returns to its pace once a run succeeds', async () => {
    const runs: number[] = [];
    const errors: unknown[] = [];
    let failing = 3;
    const job = periodic({
      name: 'flaky',
      every: 100,
      backoff: { maxMs: 300 },
      log: { ...silentLogger, error: (details) => errors.push(details) },
      run: async () => {
        runs.push(Date.now());
        if (failing-- > 0) throw new Error('away');
      },
    });
    const start = Date.now();
    job.start();
    await vi.advanceTimersByTimeAsync(100 + 200 + 300 + 300 + 100 + 100);
    await job.stop();
    // Fails at 100 (wait 200), 300 (wait 300, capped from 400), 600 (wait 300, capped from 800); then on pace.
    expect(runs.map((at) => at - start)).toEqual([100, 300, 600, 900, 1000, 1100]);
    expect(errors).toEqual([
      expect.objectContaining({ job: 'flaky', failures: 1 }),
      expect.objectContaining({ job: 'flaky', failures: 2 }),
      expect.objectContaining({ job: 'flaky', failures: 3 }),
    ]);
  });

  it('without backoff, retries a failed run at its usual pace', async () => {
    const runs: number[] = [];
    const job = periodic({
      name: 'plain',
      every: 50,
      immediately: true,
      log: silentLogger,
      run: async () => {
        runs.push(Date.now());
        throw new Error('always');
      },
    });
    const start = Date.now();
    job.start();
    await vi.advanceTimersByTimeAsync(120);
    await job.stop();
    expect(runs.map((at) => at - start)).toEqual([0, 50, 100]);
  });

  it("runs again at once when a run answers 'more'", async () => {
    let left = 3;
    let runs = 0;
    const job = periodic({
      name: 'queue',
      every: 1_000,
      immediately: true,
      log: silentLogger,
      run: async () => {
        runs++;
        return left-- > 0 ? 'more' : undefined;
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(5);
    await job.stop();
  });

  it('pauses as long as a run asks instead of its pace', async () => {
    const runs: number[] = [];
    const job = periodic({
      name: 'paced',
      every: 1_000,
      immediately: true,
      log: silentLogger,
      run: async () => {
        runs.push(Date.now());
        return runs.length === 1 ? { pauseMs: 100 } : undefined;
      },
    });
    const start = Date.now();
    job.start();
    await vi.advanceTimersByTimeAsync(1_200);
    await job.stop();
    expect(runs.map((at) => at - start)).toEqual([0, 100, 1_100]);
  });

  it('when hurried during its pause, runs within the time asked; a pass in flight is left to end', async () => {
    const runs: number[] = [];
    let finish: (() => void) | undefined;
    const job = periodic({
      name: 'hurried',
      every: 1_000,
      log: silentLogger,
      run: () => {
        runs.push(Date.now());
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const start = Date.now();
    job.start();
    await vi.advanceTimersByTimeAsync(300);
    job.hurry(50);
    job.hurry(500);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs.map((at) => at - start)).toEqual([350]);
    job.hurry(0);
    await vi.advanceTimersByTimeAsync(100);
    finish!();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.map((at) => at - start)).toEqual([350, 1_450]);
    finish!();
    await job.stop();
  });

  it('stop waits for the run in flight, aborts its signal, and no run starts afterwards', async () => {
    let finish!: () => void;
    let seen: AbortSignal | undefined;
    let runs = 0;
    const job = periodic({
      name: 'slow',
      every: 10,
      immediately: true,
      log: silentLogger,
      run: (signal) => {
        runs++;
        seen = signal;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const stop = startJobs([job]);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    expect(seen?.aborted).toBe(true);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
  });
});
