import type { Logger } from '../logger.js';

export interface PeriodicOptions {
  /** Names the job in its log lines. */
  name: string;
  /** Pause between the end of one run and the start of the next, in ms. */
  every: number;
  /**
   * One pass of the work. `signal` aborts when the job is stopped: a long pass checks it between steps.
   * Returning `'more'` runs the next pass at once (a queue that was not emptied); returning `{ pauseMs }`
   * pauses that long before the next instead of `every`.
   */
  run(signal: AbortSignal): Promise<unknown>;
  log: Logger;
  /** After failures the pause doubles per failure up to `maxMs`; without it a failed pass waits `every`. */
  backoff?: { maxMs: number };
  /** Run the first pass at start instead of after `every`. */
  immediately?: boolean;
}

/** A background job: started and stopped by its process's one list of jobs. */
export interface Job {
  readonly name: string;
  start(): void;
  /** No new pass starts; resolves when the pass in flight (if any) has finished. */
  stop(): Promise<void>;
}

/** A periodic job that can be asked to run sooner than its pause says. */
export interface PeriodicJob extends Job {
  /**
   * While the job pauses between passes, brings the next pass forward to at most `withinMs` from now (a
   * payment is now expected, say); a pass in flight is left to end, and its pause then goes as usual.
   */
  hurry(withinMs: number): void;
}

/**
 * Runs `run` again and again, never two passes at once, pausing `every` between them. A failed pass is
 * logged and retried (with backoff when asked); the job itself never dies of one.
 */
export function periodic(options: PeriodicOptions): PeriodicJob {
  const { name, every, log } = options;
  let stopping = true;
  let timer: NodeJS.Timeout | undefined;
  /** When the paused job's next pass is due (Date.now), or undefined while a pass runs. */
  let dueAt: number | undefined;
  let running: Promise<void> | undefined;
  let failures = 0;
  let abort = new AbortController();

  async function pass(): Promise<number> {
    try {
      const result = await options.run(abort.signal);
      failures = 0;
      return pauseAfter(result, every);
    } catch (error) {
      if (stopping) return every;
      failures++;
      log.error({ err: error, job: name, failures }, `${name} failed; will retry`);
      const maxMs = options.backoff?.maxMs;
      return maxMs === undefined ? every : Math.min(maxMs, every * 2 ** failures);
    }
  }

  function schedule(delay: number): void {
    if (stopping) return;
    dueAt = Date.now() + delay;
    timer = setTimeout(() => {
      dueAt = undefined;
      running = pass().then((next) => {
        running = undefined;
        schedule(next);
      });
    }, delay);
    timer.unref();
  }

  return {
    name,
    start() {
      if (!stopping) return;
      stopping = false;
      abort = new AbortController();
      schedule(options.immediately ? 0 : every);
    },
    hurry(withinMs) {
      if (stopping || dueAt === undefined || dueAt - Date.now() <= withinMs) return;
      clearTimeout(timer);
      schedule(withinMs);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      abort.abort();
      await running;
    },
  };
}

function pauseAfter(result: unknown, every: number): number {
  if (result === 'more') return 0;
  const asked = (result as { pauseMs?: unknown } | null)?.pauseMs;
  return typeof asked === 'number' ? asked : every;
}

/** Starts every job; the returned stop stops them all and waits for each one's pass in flight. */
export function startJobs(jobs: readonly Job[]): () => Promise<void> {
  for (const job of jobs) job.start();
  return async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  };
}
