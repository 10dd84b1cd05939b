import { describe, expect, it } from 'vitest';
import { settlePage } from '../../src/payments/ton/settle-page.js';

/** A page of transfers as the watcher sees them: which order each names (null: none). */
const page = (orders: Array<string | null>) => orders.map((order, index) => ({ index, order }));
type Item = ReturnType<typeof page>[number];

/** A settlement that records when it started and ended, and waits to be released. */
function recorder() {
  const events: string[] = [];
  let inFlight = 0;
  let most = 0;
  const settle = async (item: Item) => {
    events.push(`start ${item.index}`);
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    events.push(`end ${item.index}`);
  };
  return { events, settle, most: () => most };
}

describe('settling a page of TON transactions side by side', () => {
  it('settles every transaction, at most `concurrency` at once, and counts them all', async () => {
    const run = recorder();
    const result = await settlePage(page(['a', 'b', 'c', 'd', 'e', null, null]), {
      orderOf: (item) => item.order,
      settle: run.settle,
      concurrency: 3,
      signal: new AbortController().signal,
    });
    expect(result).toEqual({ settled: 7 });
    expect(run.most()).toBe(3);
    expect(run.events.filter((event) => event.startsWith('end'))).toHaveLength(7);
  });

  it('settles transactions naming the same order one after another, oldest first', async () => {
    const run = recorder();
    await settlePage(page(['a', 'b', 'a', 'c', 'a']), {
      orderOf: (item) => item.order,
      settle: run.settle,
      concurrency: 5,
      signal: new AbortController().signal,
    });
    const ofA = run.events.filter((event) => /\b(0|2|4)$/.test(event));
    expect(ofA).toEqual(['start 0', 'end 0', 'start 2', 'end 2', 'start 4', 'end 4']);
  });

  it('after a failure starts nothing new, and counts only the settled transactions before the first unsettled one', async () => {
    const settled: number[] = [];
    const failure = new Error('database went away');
    const result = await settlePage(page(['a', 'b', 'c', 'd', 'e', 'f']), {
      orderOf: (item) => item.order,
      settle: async (item) => {
        await new Promise((resolve) => setTimeout(resolve, item.index * 5));
        if (item.index === 2) throw failure;
        settled.push(item.index);
      },
      concurrency: 2,
      signal: new AbortController().signal,
    });
    expect(result.failure).toEqual({ error: failure });
    expect(result.settled).toBe(2);
    // Index 3 was in hand when 2 failed and finished; nothing after it started.
    expect(settled.sort()).toEqual([0, 1, 3]);
  });

  it('once aborted starts nothing new, finishes what is in hand, and counts the settled start of the page', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const result = await settlePage(page(['a', 'b', 'c', 'd']), {
      orderOf: (item) => item.order,
      settle: async (item) => {
        started.push(item.index);
        if (item.index === 1) controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      concurrency: 2,
      signal: controller.signal,
    });
    expect(started).toEqual([0, 1]);
    expect(result).toEqual({ settled: 2 });
  });
});
