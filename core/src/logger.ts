import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import pino, { type LevelWithSilent, type Logger as PinoLogger } from 'pino';
import type PinoPretty from 'pino-pretty';

/** process.stdout, or a stream standing in for it in tests. */
export type LogOutput = Writable & { isTTY?: boolean };

/** Past this many bytes waiting for a reader, new lines are dropped rather than held in memory. */
const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;

/**
 * The process's logger (the API's Fastify logger and the bot's): readable lines when stdout is a
 * terminal, JSON lines otherwise, for a log collector.
 *
 * Lines go through `process.stdout`, not pino's default SonicBoom destination: SonicBoom answers a full
 * pipe (EAGAIN) with a synchronous sleep-and-retry loop, and flushes that way again when the process
 * exits, so a reader that stopped reading froze the main thread in a futex wait, timers and all
 * (a shutdown that hung). `process.stdout` queues in libuv and never blocks the main thread; a
 * reader that went away (EPIPE) only silences the logs.
 */
export function createLogger(level: LevelWithSilent, stdout: LogOutput = process.stdout): PinoLogger {
  ignoreBrokenPipe(stdout);
  const destination = boundedWriter(stdout);
  if (!stdout.isTTY) return pino({ level }, destination);
  // Loaded only for a terminal: a service's JSON logs never need it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(
    { level },
    pretty({ destination, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
  );
}

function boundedWriter(stdout: LogOutput): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (stdout.writableLength < MAX_BACKLOG_BYTES) stdout.write(chunk);
      done();
    },
  });
}

const guarded = new WeakSet<LogOutput>();

/** Without a listener, EPIPE on stdout is an uncaught exception that would cut a graceful stop short. */
function ignoreBrokenPipe(stdout: LogOutput): void {
  if (guarded.has(stdout)) return;
  guarded.add(stdout);
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/**
 * The one logging shape every part writes through: pino (createLogger above) and Fastify's `app.log` fit
 * it, so the embedded bot and the background jobs log with the API.
 */
export interface Logger {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
