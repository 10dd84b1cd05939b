import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '../src/runtime/concurrency-limit.js';

/** The next task starts a few turns of the microtask queue after a place frees. */
async function turns(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** A task that stays in hand until released, recording when it started. */
function heldTasks() {
  const started: number[] = [];
  const releases = new Map<number, (outcome: 'done' | 'fail') => void>();
  const task = (id: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(id);
      releases.set(id, (outcome) => (outcome === 'done' ? resolve(id) : reject(new Error(`task ${id} failed`))));
    });
  const release = async (id: number, outcome: 'done' | 'fail' = 'done') => {
    releases.get(id)!(outcome);
    await turns();
  };
  return { started, task, release };
}

describe('a concurrency limit', () => {
  it('runs at most `limit` tasks at once, the others in the order they came as places free', async () => {
    const run = concurrencyLimit(2);
    const held = heldTasks();
    const results = [1, 2, 3, 4].map((id) => run(held.task(id)));
    await turns();
    expect(held.started).toEqual([1, 2]);
    await held.release(2);
    expect(held.started).toEqual([1, 2, 3]);
    await held.release(1);
    expect(held.started).toEqual([1, 2, 3, 4]);
    await held.release(3);
    await held.release(4);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });

  it('a failed task gives its place to the next and its caller gets the failure', async () => {
    const run = concurrencyLimit(1);
    const held = heldTasks();
    const first = run(held.task(1));
    const second = run(held.task(2));
    await turns();
    expect(held.started).toEqual([1]);
    await held.release(1, 'fail');
    await expect(first).rejects.toThrow('task 1 failed');
    expect(held.started).toEqual([1, 2]);
    await held.release(2);
    expect(await second).toBe(2);
  });
});
