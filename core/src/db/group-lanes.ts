import type { Transaction } from './client.js';

/**
 * How the calls of one group (group-commit.ts) share its transaction. Calls on different keys (different
 * orders) run at once: their statements interleave on the one connection, and none of them waits for a
 * contended lock yet. A call that reaches `beforeContendedLock` waits there until no call of the group is
 * still running without it; then the calls go past it one at a time, each to its end. So the group takes
 * the lock every call contends for (a pack's row) only once all its other work is done, and holds it for
 * the part after it alone, which runs call after call as if each had its own transaction. Calls with the
 * same key (two payments of one order) run one after the other in the order they came.
 */
interface Lane {
  state: 'running' | 'waiting' | 'done';
}

class Group {
  private readonly lanes: Lane[] = [];
  private released = false;
  private readonly waiters: (() => void)[] = [];
  /** The call past the point, if any; the others queue behind it. */
  private turn: Promise<void> = Promise.resolve();

  lane(): Lane {
    const lane: Lane = { state: 'running' };
    this.lanes.push(lane);
    return lane;
  }

  /** Resolves when this lane may go past the point; it holds the turn until it is done (`finish`). */
  async arrive(lane: Lane): Promise<() => void> {
    if (!this.released) {
      lane.state = 'waiting';
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        this.releaseWhenAllArrived();
      });
      lane.state = 'running';
    }
    const previous = this.turn;
    let done!: () => void;
    this.turn = new Promise<void>((resolve) => (done = resolve));
    await previous;
    return done;
  }

  finish(lane: Lane): void {
    lane.state = 'done';
    this.releaseWhenAllArrived();
  }

  private releaseWhenAllArrived(): void {
    if (this.released || this.lanes.some((lane) => lane.state === 'running')) return;
    this.released = true;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/**
 * What a call is told of its group: `beforeContendedLock()` is awaited just before it takes the lock every
 * call of a drop contends for. Alone, it returns at once.
 */
export interface GroupCall {
  beforeContendedLock(): Promise<void>;
  /**
   * Writes `items` with `write` before the transaction commits: alone at once, in a group once for every
   * call's items together (one statement for the group's messages, say, instead of one per call).
   */
  writeLater<T>(tx: Transaction, write: Writer<T>, items: readonly T[]): Promise<void>;
}

export type Writer<T> = (tx: Transaction, items: readonly T[]) => Promise<unknown>;

export const ALONE: GroupCall = {
  beforeContendedLock: () => Promise.resolve(),
  async writeLater(tx, write, items) {
    await write(tx, items);
  },
};

/** What the calls of a group left to write, by writer, in the order they came. */
class LaterWrites {
  private readonly byWriter = new Map<Writer<never>, unknown[]>();

  add<T>(write: Writer<T>, items: readonly T[]): void {
    const key = write as Writer<never>;
    this.byWriter.set(key, [...(this.byWriter.get(key) ?? []), ...items]);
  }

  async write(tx: Transaction): Promise<void> {
    for (const [write, items] of this.byWriter) if (items.length > 0) await write(tx, items as never[]);
  }
}

/** One call of a group: it waits at the point once, and ends its turn past it when it is done. */
function callIn(group: Group, lane: Lane, later: LaterWrites): GroupCall & { endTurn(): void } {
  let endTurn: (() => void) | undefined;
  let arriving: Promise<void> | undefined;
  return {
    beforeContendedLock() {
      arriving ??= group.arrive(lane).then((end) => void (endTurn = end));
      return arriving;
    },
    writeLater(_tx, write, items) {
      later.add(write, items);
      return Promise.resolve();
    },
    endTurn: () => endTurn?.(),
  };
}

/**
 * Runs `inputs` as one group in `tx`: on different keys at once, on one key in turn; then what they left to
 * write. The outputs in input order.
 */
export async function runLanes<I, O>(
  tx: Transaction,
  inputs: I[],
  keyOf: (input: I) => string,
  run: (input: I, call: GroupCall) => Promise<O>,
): Promise<PromiseSettledResult<O>[]> {
  const group = new Group();
  const later = new LaterWrites();
  const byKey = new Map<string, number[]>();
  inputs.forEach((input, i) => byKey.set(keyOf(input), [...(byKey.get(keyOf(input)) ?? []), i]));
  const outputs: PromiseSettledResult<O>[] = new Array(inputs.length);
  const lanes = [...byKey.values()].map(async (positions) => {
    const lane = group.lane();
    for (const i of positions) {
      const call = callIn(group, lane, later);
      try {
        outputs[i] = { status: 'fulfilled', value: await run(inputs[i]!, call) };
      } catch (reason) {
        outputs[i] = { status: 'rejected', reason };
      } finally {
        call.endTurn();
      }
    }
    group.finish(lane);
  });
  await Promise.all(lanes);
  if (outputs.every((output) => output.status === 'fulfilled')) await later.write(tx);
  return outputs;
}
