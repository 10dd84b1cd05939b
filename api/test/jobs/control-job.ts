import { expect, vi } from 'vitest';
import { periodic, silentLogger } from '@stickerdrop/core';

/**
 * Lets `passes` passes of a job running every `every` ms go by, counted by a control job on the same
 * interval rather than guessed with a sleep: a stopped job that still ran would have run meanwhile, so a
 * test can then assert that its own pass count and its rows did not move.
 */
export async function letPassesGoBy(every: number, passes = 5): Promise<void> {
  let ran = 0;
  const control = periodic({ name: 'control', every, log: silentLogger, run: async () => ran++ });
  control.start();
  try {
    await vi.waitFor(() => expect(ran).toBeGreaterThanOrEqual(passes), {
      timeout: Math.max(10_000, every * (passes + 2)),
      interval: Math.min(every, 50),
    });
  } finally {
    await control.stop();
  }
}

/** A clock that counts how often a job read it: every pass of the jobs here reads `now` once or more. */
export function countingClock(now: () => Date): { now: () => Date; reads: () => number } {
  let reads = 0;
  return {
    now: () => {
      reads++;
      return now();
    },
    reads: () => reads,
  };
}
