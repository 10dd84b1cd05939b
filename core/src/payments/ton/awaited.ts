/**
 * How long after this process handed a buyer TON payment instructions their transfer may still come: a
 * wallet signs and the chain includes it within seconds to a minute, and the reservation lasts longer.
 */
const AWAITED_FOR_MS = 60_000;

/**
 * When this process last handed a buyer TON payment instructions (the TON rail tells it), for its watcher:
 * idle, the watcher polls at its slow pace; while a transfer may be on its way, sooner, and the first poll
 * comes right after the buy, so a buyer waits for the chain and not for the watcher's pause. A watcher in
 * another process does not hear of it and keeps its own pace: slower for that buyer, never wrong.
 */
export class AwaitedTonPayments {
  private lastAt = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A buyer was just handed instructions to pay in TON. */
  expect(): void {
    this.lastAt = this.now();
    for (const listener of this.listeners) listener();
  }

  /** Whether a transfer may be on its way. */
  awaited(): boolean {
    return this.now() - this.lastAt < AWAITED_FOR_MS;
  }

  /** Calls `listener` on each `expect`; the returned function stops that. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
