/** Longest the page waits for the worker before it makes its first formats itself. */
const WARM_UP_WAIT_MS = 2_000;

/**
 * Loads the locales' Intl data on a worker thread and resolves once it is in. A locale's first date or
 * number format loads that data from ICU, synchronously: tens of milliseconds on the page's thread, and
 * several times that on a phone, in one task nothing else can run beside. ICU keeps what it loaded for the
 * whole process, and a dedicated worker runs in the page's process, so the page's own first formats, made
 * after this resolves, each take well under a millisecond. Resolves as well when the worker cannot run or
 * does not answer: the page then loads the data itself, as it would without it.
 */
export function warmUpIntl(locales: string[]): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { name: 'intl-warm-up' });
    } catch {
      return resolve();
    }
    const done = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve();
    };
    const timer = setTimeout(done, WARM_UP_WAIT_MS);
    worker.onmessage = done;
    worker.onerror = done;
    worker.postMessage(locales);
  });
}
