import type { Transaction } from './client.js';

/**
 * How the calls of one group (group-commit.ts) share its transaction and its one connection, one statement
 * at a time. First each call does its work up to the lock that every call of a drop contends for (a pack's
 * row): the calls run one after another, each until it reaches that point (`beforeContendedLock`) or ends.
 * Then they go past it one at a time, in the order they reached it, each to its end. So the group takes the
 * lock only once all its other work is done, and holds it for the parts after the point alone, which run
 * call after call as if each had its own transaction. Calls with the same key (two payments of one order)
 * run one after the other, in the order they came.
 */
class Group {
  released = false;
  private turn: Promise<void> = Promise.resolve();
  private openGate!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.openGate = resolve));
  /** The work at the lock the calls left for the group to make at once, by its function, in call order. */
  readonly atLock = new Map<LockWork<never, unknown>, Enlisted<unknown>[]>();

  enlist<T, R>(work: LockWork<T, R>, item: T): Promise<R> {
    const key = work as LockWork<never, unknown>;
    return new Promise<R>((resolve, reject) => {
      const entry = { item, resolve, reject } as Enlisted<unknown>;
      this.atLock.set(key, [...(this.atLock.get(key) ?? []), entry]);
    });
  }

  /** Each work once, for every item enlisted; a failure is every one of its items' (the group fails). */
  async makeWorkAtLock(tx: Transaction): Promise<void> {
    for (const [work, entries] of this.atLock) {
      try {
        const results = await work(tx, entries.map((entry) => entry.item) as never[]);
        entries.forEach((entry, i) => entry.resolve(results[i]));
      } catch (error) {
        for (const entry of entries) entry.reject(error);
      }
    }
  }

  /** The next turn past the point: resolves once every earlier turn ended, with this turn's end. */
  takeTurn(): Promise<() => void> {
    const previous = this.turn;
    let end!: () => void;
    this.turn = new Promise<void>((resolve) => (end = resolve));
    return previous.then(() => end);
  }

  release(): void {
    this.released = true;
    this.openGate();
  }
}

/**
 * What a call is told of its group: `beforeContendedLock()` is awaited just before it takes the lock every
 * call of a drop contends for; `writeLater` leaves a write to be made once for the whole group.
 */
export interface GroupCall {
  beforeContendedLock(): Promise<void>;
  /**
   * The work that takes the contended lock, made once for every call of the group that reaches it: each
   * call gives its item and waits for the point (`beforeContendedLock`); then `work` runs once with every
   * item, in the order the calls came, and each call goes on in its turn with its own result. So the lock is
   * taken by one statement for the whole group, instead of one round trip each after another. Alone, it is
   * `work` with the one item.
   */
  atContendedLock<T, R>(tx: Transaction, work: LockWork<T, R>, item: T): Promise<R>;
  /**
   * Writes `items` with `write` before the transaction commits: alone at once, in a group once for every
   * call's items together (one statement for the group's messages, say, instead of one per call).
   */
  writeLater<T>(tx: Transaction, write: Writer<T>, items: readonly T[]): Promise<void>;
}

export type Writer<T> = (tx: Transaction, items: readonly T[]) => Promise<unknown>;

/** Work at the contended lock: one result per item, in the items' order. */
export type LockWork<T, R> = (tx: Transaction, items: readonly T[]) => Promise<R[]>;

interface Enlisted<R> {
  item: unknown;
  resolve(result: R): void;
  reject(error: unknown): void;
}

async function alone<T, R>(tx: Transaction, work: LockWork<T, R>, item: T): Promise<R> {
  const [result] = await work(tx, [item]);
  return result!;
}

export const ALONE: GroupCall = {
  beforeContendedLock: () => Promise.resolve(),
  atContendedLock: alone,
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

/** One call of a group; `paused` tells the group it waits at the point, so the next call may run. */
class CallInGroup implements GroupCall {
  private endTurn?: () => void;

  constructor(
    private readonly group: Group,
    private readonly later: LaterWrites,
    private readonly paused: () => void,
  ) {}

  /** A call that starts once the group went past the point runs whole in a turn of its own. */
  async start(): Promise<void> {
    if (this.group.released) this.endTurn = await this.group.takeTurn();
  }

  async beforeContendedLock(): Promise<void> {
    if (this.endTurn) return;
    const turn = this.group.takeTurn();
    if (!this.group.released) {
      this.paused();
      await this.group.opened;
    }
    this.endTurn = await turn;
  }

  async atContendedLock<T, R>(tx: Transaction, work: LockWork<T, R>, item: T): Promise<R> {
    if (this.endTurn || this.group.released) {
      await this.beforeContendedLock();
      return alone(tx, work, item);
    }
    const result = this.group.enlist(work, item);
    // Read once the turn comes; until then a failure of the group's work must not count as unhandled.
    result.catch(() => undefined);
    await this.beforeContendedLock();
    return result;
  }

  writeLater<T>(_tx: Transaction, write: Writer<T>, items: readonly T[]): Promise<void> {
    this.later.add(write, items);
    return Promise.resolve();
  }

  end(): void {
    this.endTurn?.();
  }
}

/**
 * Runs `inputs` as one group in `tx` (above), then what they left to write. The outputs in input order; a
 * call that threw is rejected there, and nothing is left written for a group with one.
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

  const runLane = async (positions: number[], paused: () => void) => {
    for (const i of positions) {
      const call = new CallInGroup(group, later, paused);
      try {
        await call.start();
        outputs[i] = { status: 'fulfilled', value: await run(inputs[i]!, call) };
      } catch (reason) {
        outputs[i] = { status: 'rejected', reason };
      } finally {
        call.end();
      }
    }
  };
  const lanes: Promise<void>[] = [];
  for (const positions of byKey.values()) {
    let paused!: () => void;
    const pausedOrDone = new Promise<void>((resolve) => (paused = resolve));
    const lane = runLane(positions, paused);
    lanes.push(lane);
    await Promise.race([pausedOrDone, lane]);
  }
  await group.makeWorkAtLock(tx);
  group.release();
  await Promise.all(lanes);
  if (outputs.every((output) => output.status === 'fulfilled')) await later.write(tx);
  return outputs;
}
