import { describe, expect, it } from 'vitest';
import { SettlingQueue } from '../../src/payments/ton/settling-queue.js';

/** Transactions as the watcher reads them: which order each names (null: none). */
const read = (orders: Array<string | null>, from = 0) => orders.map((order, i) => ({ index: from + i, order }));
type Item = ReturnType<typeof read>[number];

/** A settlement that records when it started and ended, after `delayOf(item)` ms. */
function recorder(delayOf: (item: Item) => number = () => 5) {
  const events: string[] = [];
  const settle = async (item: Item) => {
    events.push(`start ${item.index}`);
    await new Promise((resolve) => setTimeout(resolve, delayOf(item)));
    events.push(`end ${item.index}`);
  };
  return { events, settle };
}

const queueOf = (settle: (item: Item) => Promise<void>, signal = new AbortController().signal) =>
  new SettlingQueue<Item>({ orderOf: (item) => item.order, settle, signal });

describe('settling TON transactions as they are read', () => {
  it('settles different orders side by side, and lets the position pass the settled front only', async () => {
    let releaseSecond!: () => void;
    const second = new Promise<void>((resolve) => (releaseSecond = resolve));
    const queue = queueOf((item) => (item.index === 1 ? second : Promise.resolve()));
    queue.add(read(['a', 'b', 'c']));
    queue.add(read(['d'], 3));

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(queue.takeSettled().map((item) => item.index)).toEqual([0]);
    expect(queue.unsettled).toBe(1);
    releaseSecond();
    await queue.idle();
    expect(queue.takeSettled().map((item) => item.index)).toEqual([1, 2, 3]);
    expect(queue.unsettled).toBe(0);
  });

  it('settles transactions naming the same order one after another, oldest first, across pages', async () => {
    const run = recorder();
    const queue = queueOf(run.settle);
    queue.add(read(['a', 'b', 'a']));
    queue.add(read(['c', 'a'], 3));
    await queue.idle();

    const ofA = run.events.filter((event) => /\b(0|2|4)$/.test(event));
    expect(ofA).toEqual(['start 0', 'end 0', 'start 2', 'end 2', 'start 4', 'end 4']);
    expect(run.events.slice(0, 3)).toEqual(['start 0', 'start 1', 'start 3']);
    expect(queue.takeSettled()).toHaveLength(5);
  });

  it('after a failure starts nothing new, and the position stops before the first unsettled', async () => {
    const failure = new Error('database went away');
    const settled: number[] = [];
    const queue = queueOf(async (item) => {
      await new Promise((resolve) => setTimeout(resolve, item.index === 1 ? 1 : 10));
      if (item.index === 1) throw failure;
      settled.push(item.index);
    });
    queue.add(read(['b', 'a', 'b']));
    await queue.idle();
    queue.add(read(['c'], 3));
    await queue.idle();

    expect(queue.failure).toEqual({ error: failure });
    // The second payment of order b waited for the first and was to start after the failure: it did not run.
    expect(settled).toEqual([0]);
    expect(queue.takeSettled().map((item) => item.index)).toEqual([0]);
  });

  it('once aborted starts nothing new and finishes what is in hand', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const queue = queueOf(async (item) => {
      started.push(item.index);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }, controller.signal);
    queue.add(read(['a', 'a']));
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    queue.add(read(['b'], 2));
    await queue.idle();

    expect(started).toEqual([0]);
    expect(queue.takeSettled().map((item) => item.index)).toEqual([0]);
  });
});
