import type { SQLWrapper } from 'drizzle-orm';
import type { Transaction } from './client.js';
import { executeAsOne } from './writes-as-one.js';

/**
 * How the calls of one group (group-commit.ts) share its transaction and its one connection, one statement
 * at a time. First each call does its work up to the lock that every call of a drop contends for (a pack's
 * row): the calls run one after another, each until it stops at a step it makes with the others
 * (`together`), at that lock's point (`beforeContendedLock`), or ends. Each step then runs once for every
 * call that stopped at it, and those calls go on, one after another, to their next stop; until every call
 * waits at the lock's point or ended. Then they go past it one at a time, in the order they reached it, each
 * to its end. So the group takes the lock only once all its other work is done, and holds it for the parts
 * after the point alone, which run call after call as if each had its own transaction. Calls with the same
 * key (two payments of one order) run one after the other, in the order they came.
 */
class Group {
  released = false;
  private turn: Promise<void> = Promise.resolve();
  private openGate!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.openGate = resolve));
  /** The work at the lock the calls left for the group to make at once, by its function, in call order. */
  readonly atLock = new Map<LockWork<never, unknown>, Enlisted<unknown>[]>();
  /** The steps made together that calls wait at now, by their function, in call order. */
  private together = new Map<LockWork<never, unknown>, Enlisted<unknown>[]>();
  private enlisted = 0;

  enlist<T, R>(work: LockWork<T, R>, item: T, stops?: Stops): Promise<R> {
    const key = work as LockWork<never, unknown>;
    const into = stops ? this.together : this.atLock;
    return new Promise<R>((resolve, reject) => {
      const entry = { item, resolve, reject, stops, order: this.enlisted++ } as Enlisted<unknown>;
      into.set(key, [...(into.get(key) ?? []), entry]);
    });
  }

  /**
   * Makes each step the calls wait at once, for all their items; then lets those calls go on one at a time,
   * in the order they came, each to its next stop. False when no call waits at a step.
   */
  async makeStepsTogether(tx: Transaction): Promise<boolean> {
    if (this.together.size === 0) return false;
    const steps = [...this.together];
    this.together = new Map();
    const outcomes = new Map<Enlisted<unknown>, () => void>();
    for (const [work, entries] of steps) {
      try {
        const results = await work(tx, entries.map((entry) => entry.item) as never[]);
        entries.forEach((entry, i) => outcomes.set(entry, () => entry.resolve(results[i])));
      } catch (error) {
        for (const entry of entries) outcomes.set(entry, () => entry.reject(error));
      }
    }
    const inOrder = [...outcomes.keys()].sort((a, b) => a.order - b.order);
    for (const entry of inOrder) {
      outcomes.get(entry)!();
      await entry.stops!.passed();
    }
    return true;
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
   * A step before the contended lock made once for every call of the group that stops at it: each call
   * gives its item and waits; once every call waits at a step or at the lock, or ended, `work` runs once
   * with every item given to it, in the order the calls came, and each call goes on with its own result.
   * So a group of many calls sends one statement for the step instead of one each. Alone, and once the
   * group went past the lock, it is `work` with the one item.
   */
  together<T, R>(tx: Transaction, work: LockWork<T, R>, item: T): Promise<R>;
  /**
   * Writes `items` with `write` before the transaction commits: alone at once, in a group once for every
   * call's items together, and every writer's statements as one (the group's messages and its credits in
   * one round trip, instead of one per call or per writer).
   */
  writeLater<T>(tx: Transaction, write: Writer<T>, items: readonly T[]): Promise<void>;
}

/** The statements that write `items`, unrun: a group's writers' statements run as one (writes-as-one.ts). */
export type Writer<T> = (items: readonly T[]) => SQLWrapper[];

/** Work for a group's items (at the contended lock, or a step together): one result each, in their order. */
export type LockWork<T, R> = (tx: Transaction, items: readonly T[]) => Promise<R[]>;

interface Enlisted<R> {
  item: unknown;
  resolve(result: R): void;
  reject(error: unknown): void;
  /** Where the group hears that the call stopped again (steps made together only). */
  stops?: Stops;
  /** When the call gave its item, among all the group's. */
  order: number;
}

/**
 * A lane's stops, told to its group: each time the running call waits at a step or at the lock, or the
 * lane has no call left. The group lets one lane run at a time and waits for its next stop.
 */
class Stops {
  private reached!: () => void;
  private next = this.arm();

  private arm(): Promise<void> {
    return new Promise<void>((resolve) => (this.reached = resolve));
  }

  stop = (): void => this.reached();

  /** Resolves once the lane stopped (now or later), and watches for its stop after that. */
  async passed(): Promise<void> {
    await this.next;
    this.next = this.arm();
  }
}

async function alone<T, R>(tx: Transaction, work: LockWork<T, R>, item: T): Promise<R> {
  const [result] = await work(tx, [item]);
  return result!;
}

export const ALONE: GroupCall = {
  beforeContendedLock: () => Promise.resolve(),
  atContendedLock: alone,
  together: alone,
  async writeLater(tx, write, items) {
    await executeAsOne(tx, write(items));
  },
};

/** What the calls of a group left to write, by writer, in the order they came. */
class LaterWrites {
  private readonly byWriter = new Map<Writer<never>, unknown[]>();

  add<T>(write: Writer<T>, items: readonly T[]): void {
    const key = write as Writer<never>;
    this.byWriter.set(key, [...(this.byWriter.get(key) ?? []), ...items]);
  }

  /** Every writer's statements, as one statement. */
  async write(tx: Transaction): Promise<void> {
    const writes = [...this.byWriter].flatMap(([write, items]) => (items.length > 0 ? write(items as never[]) : []));
    await executeAsOne(tx, writes);
  }
}

/** One call of a group; `stops` tells the group it waits, so the next call may run. */
class CallInGroup implements GroupCall {
  private endTurn?: () => void;

  constructor(
    private readonly group: Group,
    private readonly later: LaterWrites,
    private readonly stops: Stops,
  ) {}

  /** A call that starts once the group went past the point runs whole in a turn of its own. */
  async start(): Promise<void> {
    if (this.group.released) this.endTurn = await this.group.takeTurn();
  }

  async beforeContendedLock(): Promise<void> {
    if (this.endTurn) return;
    const turn = this.group.takeTurn();
    if (!this.group.released) {
      this.stops.stop();
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

  together<T, R>(tx: Transaction, work: LockWork<T, R>, item: T): Promise<R> {
    if (this.endTurn || this.group.released) return alone(tx, work, item);
    const result = this.group.enlist(work, item, this.stops);
    this.stops.stop();
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

  const runLane = async (positions: number[], stops: Stops) => {
    for (const i of positions) {
      const call = new CallInGroup(group, later, stops);
      try {
        await call.start();
        outputs[i] = { status: 'fulfilled', value: await run(inputs[i]!, call) };
      } catch (reason) {
        outputs[i] = { status: 'rejected', reason };
      } finally {
        call.end();
      }
    }
    stops.stop();
  };
  const lanes: Promise<void>[] = [];
  for (const positions of byKey.values()) {
    const stops = new Stops();
    lanes.push(runLane(positions, stops));
    await stops.passed();
  }
  while (await group.makeStepsTogether(tx));
  await group.makeWorkAtLock(tx);
  group.release();
  await Promise.all(lanes);
  if (outputs.every((output) => output.status === 'fulfilled')) await later.write(tx);
  return outputs;
}
