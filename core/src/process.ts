/** What the stop reports through; a pino or Fastify logger fits. */
type StopLog = Record<'info' | 'error', (details: object, message: string) => void>;

/** A graceful stop that takes longer than this is cut short, so a stuck socket never blocks a deploy. */
const STOP_DEADLINE_MS = 15_000;

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits: 0 when everything finished in time, 1 otherwise.
 * Shared by `npm start` and the bot's own process.
 */
export function stopOnSignals(log: StopLog, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      log.error({ signal }, `graceful stop took over ${STOP_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
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
