import type { Database } from '../db/client.js';
import { expireOffers } from './close.js';

export interface OfferExpirerOptions {
  intervalMs: number;
  now: () => Date;
  onError?: (error: unknown) => void;
}

/**
 * Runs `expireOffers` every `intervalMs`, never two at once; a failed sweep is retried on the next tick.
 * Readers already treat an open offer past its time as expired; the sweep closes it and tells the bidder.
 * The returned stop waits for a running sweep.
 */
export function startOfferExpirer(db: Database, options: OfferExpirerOptions): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = expireOffers(db, options.now())
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
