import { API_ERRORS } from '@stickerdrop/shared';
import { DomainError } from '../errors.js';

export interface ImagePoolSettings {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a turn; one more is refused at once. */
  maxQueued: number;
}

export interface ImagePool {
  /**
   * Runs `task` when a turn is free; throws a DomainError('unavailable') when the queue is full, unless
   * `alwaysWait` (background work that nobody waits for, and that must not be skipped).
   */
  run<T>(task: () => Promise<T>, options?: { alwaysWait?: boolean }): Promise<T>;
  /** Running now, and the most that ever ran at once (tests count it). */
  readonly active: number;
  readonly peakActive: number;
}

/** UPLOAD_CONCURRENCY and UPLOAD_QUEUE unset: about one conversion per core of a small machine. */
export const DEFAULT_IMAGE_POOL: ImagePoolSettings = { concurrency: 2, maxQueued: 8 };

/** Seconds a client refused by a full queue is told to wait (Retry-After). */
export const IMAGE_POOL_RETRY_AFTER_S = 30;

/**
 * Decoding an upload's images costs seconds of CPU and hundreds of megabytes for the largest ones, so the
 * process decodes at most `concurrency` uploads at once; the next few wait in order and the rest are turned
 * away, so twenty uploads at once cost what two do.
 */
export function createImagePool({ concurrency, maxQueued }: ImagePoolSettings): ImagePool {
  let active = 0;
  let peakActive = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    async run(task, options = {}) {
      if (active < concurrency) active++;
      else if (waiting.length < maxQueued || options.alwaysWait)
        await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new DomainError('unavailable', API_ERRORS.uploadsBusy);
      // A turn handed over by `release` keeps `active` as it was.
      peakActive = Math.max(peakActive, active);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get peakActive() {
      return peakActive;
    },
  };
}
