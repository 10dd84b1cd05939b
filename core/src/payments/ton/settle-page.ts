/**
 * Settles a page of the receiver's transactions (oldest first) `concurrency` at a time, and says how many
 * from its start are settled: the read position may move to the last of those and no further.
 *
 * Transactions naming the same order settle one after another, oldest first, so a second payment for an
 * order is the one refunded, as when the page is read one by one; different orders settle side by side, each
 * in its own database transaction on its own locked order. An aborted `signal` (the job stopping) starts no
 * new settlement and waits for those in hand. A failed settlement stops the page too: it is returned, with
 * what settled before it, once the others in hand are done.
 */
export async function settlePage<T>(
  page: T[],
  options: {
    /** The order a transaction names, or null; transactions naming the same order settle in turn. */
    orderOf(tx: T): string | null;
    settle(tx: T): Promise<void>;
    concurrency: number;
    signal: AbortSignal;
  },
): Promise<{ settled: number; failure?: { error: unknown } }> {
  const queues = new Map<string, number[]>();
  page.forEach((tx, index) => {
    const key = options.orderOf(tx) ?? `alone:${index}`;
    queues.set(key, [...(queues.get(key) ?? []), index]);
  });
  const pending = [...queues.values()];
  const settled = new Array<boolean>(page.length).fill(false);
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let queue = pending.shift(); queue; queue = pending.shift()) {
      for (const index of queue) {
        if (failure || options.signal.aborted) return;
        try {
          await options.settle(page[index]!);
          settled[index] = true;
        } catch (error) {
          failure ??= { error };
          return;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  const firstUnsettled = settled.indexOf(false);
  return { settled: firstUnsettled < 0 ? page.length : firstUnsettled, ...(failure && { failure }) };
}
