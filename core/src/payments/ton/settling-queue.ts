/**
 * The transactions the watcher read and has not yet passed with its read position, in the order read
 * (oldest first), each settling as soon as it is added: the watcher reads the next page while earlier ones
 * settle, so a transfer that lands during a drop's busy page waits for the next read, not for that page.
 *
 * Transactions naming the same order settle one after another, oldest first, so a second payment for an
 * order is the one refunded, as when they are read one by one; different orders settle side by side (in the
 * settlement's group commit). After a failure, or once `signal` aborted, no new settlement starts; those in
 * hand end. The read position may move past the settled transactions at the front, never past one that is
 * not (`takeSettled`).
 */
export class SettlingQueue<T> {
  private readonly entries: { tx: T; settled: boolean }[] = [];
  private readonly lastOfOrder = new Map<string, Promise<void>>();
  private readonly inHand = new Set<Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  failure: { error: unknown } | undefined;

  constructor(
    private readonly options: {
      /** The order a transaction names, or null; transactions naming the same order settle in turn. */
      orderOf(tx: T): string | null;
      settle(tx: T): Promise<void>;
      signal: AbortSignal;
    },
  ) {}

  /** Transactions read and not yet settled. */
  get unsettled(): number {
    return this.entries.filter((entry) => !entry.settled).length;
  }

  add(txs: readonly T[]): void {
    for (const tx of txs) {
      const entry = { tx, settled: false };
      this.entries.push(entry);
      const order = this.options.orderOf(tx);
      const before = (order && this.lastOfOrder.get(order)) || Promise.resolve();
      const settling = before.then(() => this.settle(entry));
      if (order) this.lastOfOrder.set(order, settling);
      this.inHand.add(settling);
      void settling.finally(() => this.done(settling));
    }
  }

  /** Removes and answers the settled transactions at the front: the read position may pass them. */
  takeSettled(): T[] {
    const first = this.entries.findIndex((entry) => !entry.settled);
    return this.entries.splice(0, first < 0 ? this.entries.length : first).map((entry) => entry.tx);
  }

  /** Resolves once no settlement is in hand. */
  idle(): Promise<void> {
    if (this.inHand.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async settle(entry: { tx: T; settled: boolean }): Promise<void> {
    if (this.failure || this.options.signal.aborted) return;
    try {
      await this.options.settle(entry.tx);
      entry.settled = true;
    } catch (error) {
      this.failure ??= { error };
    }
  }

  private done(settling: Promise<void>): void {
    this.inHand.delete(settling);
    if (this.inHand.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
