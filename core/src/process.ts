import { Worker } from 'node:worker_threads';
import type { Logger } from './logger.js';

/** A graceful stop that takes longer than this is cut short, so a stuck socket never blocks a deploy. */
export const STOP_DEADLINE_MS = 15_000;
/** How long after the deadline the watchdog kills the process if the main thread could not exit by itself. */
const WATCHDOG_GRACE_MS = 2_000;

export interface StopOptions {
  /** Tests shorten it; everyone else keeps the default. */
  deadlineMs?: number;
}

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits: 0 when everything finished in time, 1 otherwise.
 * Shared by `npm start` and the bot's own process.
 *
 * The deadline is kept twice. A timer on the main thread exits with 1 and says why; but a timer cannot
 * fire while the main thread is blocked in a synchronous wait (one was seen for 20 minutes, in a
 * futex), so a watchdog thread started with the stop kills the process a little later whatever the
 * main thread is doing.
 */
export function stopOnSignals(log: Logger, stop: () => Promise<void>, options: StopOptions = {}): void {
  const deadlineMs = options.deadlineMs ?? STOP_DEADLINE_MS;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startWatchdog(deadlineMs + WATCHDOG_GRACE_MS);
    log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ signal }, `graceful stop took over ${deadlineMs} ms; exiting`);
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    try {
      await stop();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'graceful stop failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * A thread of its own that SIGKILLs this process after `ms`. It is unref'd, so a process that finishes
 * its stop exits without waiting for it. The message is written asynchronously and the kill does not wait
 * for it: stderr may be the very pipe nobody reads.
 */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const kill = () => process.kill(workerData.pid, 'SIGKILL');
setTimeout(() => {
  fs.write(2, workerData.message, kill);
  setTimeout(kill, 200);
}, workerData.ms);
`;

function startWatchdog(ms: number): void {
  const message = `graceful stop still blocked after ${ms} ms: killing process ${process.pid}\n`;
  new Worker(WATCHDOG_SOURCE, { eval: true, workerData: { ms, pid: process.pid, message } }).unref();
}
