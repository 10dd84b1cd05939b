import type { Database, DbOrTx, Transaction } from './client.js';
import { ALONE, runLanes, type GroupCall } from './group-lanes.js';
import { onePerHandle } from './prepared.js';

export { ALONE, type GroupCall } from './group-lanes.js';

type Settled<O> = PromiseSettledResult<O>;

interface Waiting<I, O> {
  input: I;
  resolve(settled: Settled<O>): void;
}

export interface GroupOptions<I> {
  /** Calls with the same key run one after the other in a group (two payments of one order). */
  keyOf(input: I): string;
  /** Calls in one transaction at most. */
  maxTogether?: number;
  /**
   * Groups running at once. With more than one, the next does its work up to the contended lock
   * (`beforeContendedLock`) while one holds it; but in a drop they then queue on that lock, each group is
   * smaller and each costs its own round trips: one at a time settled Stars and TON drops faster.
   */
  groupsAtOnce?: number;
}

/**
 * A drop's payments arrive by the hundred; this many commit together at most. The group's steps before the
 * pack's lock are one statement each whatever its size, so a TON page's payments go in a few groups.
 */
const MAX_TOGETHER = 100;
const GROUPS_AT_ONCE = 1;

/**
 * Group commit for a unit of work that needs a transaction of its own. Calls that arrive while the groups
 * in flight run wait in memory (holding no connection) and then go together as the next group, in one
 * transaction that commits them all at once: in a drop, whose payments all queue on one pack's row lock,
 * one WAL flush and one wait for the lock per group instead of per payment. A lone call runs alone, at once.
 * How a group's calls share its transaction: group-lanes.ts. When the group's transaction fails (one call
 * threw, a deadlock, a lost connection) it wrote nothing, and each of its calls runs again in a transaction
 * of its own, so one call's failure is that call's alone.
 */
export function inTransactionTogether<I, O>(
  work: (tx: Transaction, input: I, call: GroupCall) => Promise<O>,
  options: GroupOptions<I>,
): (db: Database, input: I) => Promise<O> {
  const maxTogether = options.maxTogether ?? MAX_TOGETHER;
  const atOnce = options.groupsAtOnce ?? GROUPS_AT_ONCE;
  const queues = new WeakMap<DbOrTx, (input: I) => Promise<Settled<O>>>();
  const alone = (db: Database, input: I) => settle(db.transaction((tx) => work(tx, input, ALONE)));

  const together = async (db: Database, inputs: I[]): Promise<Settled<O>[]> => {
    if (inputs.length === 1) return [await alone(db, inputs[0]!)];
    try {
      return await db.transaction(async (tx) => {
        const outputs = await runLanes(tx, inputs, options.keyOf, (input, call) => work(tx, input, call));
        const failure = outputs.find((output) => output.status === 'rejected');
        if (failure) throw failure.reason;
        return outputs;
      });
    } catch {
      const outputs: Settled<O>[] = [];
      for (const input of inputs) outputs.push(await alone(db, input));
      return outputs;
    }
  };

  return async (db, input) => {
    const enqueue = onePerHandle(queues, db, () =>
      groupQueue((inputs: I[]) => together(db, inputs), maxTogether, atOnce),
    );
    const settled = await enqueue(input);
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
  };
}

function settle<O>(promise: Promise<O>): Promise<Settled<O>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/**
 * Runs up to `atOnce` groups at a time. Calls that arrive in one turn of the event loop (a page of TON
 * payments read at once, the updates of one webhook burst) wait for that turn to end and go together: were
 * the first to start a group of its own at once, it would hold a group's place and the pack's lock for one
 * payment while the rest wait behind it. The calls that arrive while the groups run form the next ones, in
 * groups of even size, `maxTogether` at most.
 */
function groupQueue<I, O>(
  run: (inputs: I[]) => Promise<Settled<O>[]>,
  maxTogether: number,
  atOnce: number,
): (input: I) => Promise<Settled<O>> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;
  let gathering = false;
  const startGroups = () => {
    while (running < atOnce && waiting.length > 0) {
      const group = waiting.splice(0, evenShare(waiting.length, maxTogether));
      running++;
      void run(group.map((call) => call.input))
        .then(
          (outputs) => group.forEach((call, i) => call.resolve(outputs[i]!)),
          (reason: unknown) => group.forEach((call) => call.resolve({ status: 'rejected', reason })),
        )
        .finally(() => {
          running--;
          startGroups();
        });
    }
  };
  const gathered = () => {
    gathering = false;
    startGroups();
  };
  return (input) =>
    new Promise((resolve) => {
      waiting.push({ input, resolve });
      if (gathering) return;
      gathering = true;
      setImmediate(gathered);
    });
}

/** The size of each group when `count` calls go in as few groups of at most `max` as they fit in. */
function evenShare(count: number, max: number): number {
  return Math.ceil(count / Math.ceil(count / max));
}
