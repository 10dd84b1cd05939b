import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The part of PGlite's interface drizzle's PGlite driver calls (drizzle-orm/pglite/session). */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
}

export interface PgliteClient extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** By type OID; each must leave the text as it is (drizzle's keep dates and timestamps as strings). */
  parsers?: Record<number, (text: string, type: number) => unknown>;
}

interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

type Answer = { id: number; result: unknown } | { id: number; error: Record<string, unknown> & { message: string } };

const WORKER_SCRIPT = fileURLToPath(new URL('./pglite-thread.mjs', import.meta.url));

/**
 * PGlite running in a worker thread (pglite-thread.mjs), driven from here with the calls drizzle makes.
 * The thread starts opening the data dir at once; calls made meanwhile wait in PGlite's own queue.
 * Values cross by structured clone: rows, parameters and Postgres' error fields arrive as they would
 * in-process, dates as the strings drizzle asks for.
 */
export class PgliteThread implements PgliteClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closing = false;
  /** Settles once the data dir is open (or could not be). */
  readonly ready: Promise<void>;

  constructor(dataDir: string | undefined) {
    // No tsx in the thread: the script is JavaScript, and its imports are PGlite's own.
    this.#worker = new Worker(WORKER_SCRIPT, { workerData: { dataDir }, execArgv: [] });
    this.#worker.unref();
    this.#worker.on('message', (answer: Answer) => this.#settle(answer));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) =>
      this.#stop(
        new Error(
          this.#closing ? 'the embedded database is closed' : `the embedded database's thread exited (code ${code})`,
        ),
      ),
    );
    this.ready = this.#call({ op: 'ready' }).then(() => undefined);
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<T>> {
    return this.#query(undefined, sql, params, options);
  }

  async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await callback({ query: (sql, params = [], options = {}) => this.#query(tx, sql, params, options) });
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database (a clean shutdown: the next open replays nothing) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    const exited = new Promise<number>((resolve) => this.#worker.once('exit', resolve));
    this.#worker.ref();
    this.#worker.postMessage({ id: 0, op: 'close' });
    const code = await exited;
    if (code !== 0) throw new Error(`closing the embedded database failed (its thread exited with ${code})`);
  }

  #query<T>(tx: number | undefined, sql: string, params: unknown[], options: QueryOptions) {
    const message = { op: 'query', tx, sql, params, rowMode: options.rowMode, textTypes: textTypes(options) };
    return this.#call(message) as Promise<QueryResult<T>>;
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    // Held open only while a call waits, as an in-process database would not keep the process alive.
    if (this.#pending.size === 0) this.#worker.ref();
    this.#worker.postMessage({ ...message, id });
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  #settle(answer: Answer): void {
    const call = this.#pending.get(answer.id);
    if (!call) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0 && !this.#closing) this.#worker.unref();
    if ('error' in answer) call.reject(Object.assign(new Error(answer.error.message), answer.error));
    else call.resolve(answer.result);
  }

  /** The thread is gone: every waiting call and every later one fails with why. */
  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const call of this.#pending.values()) call.reject(this.#stopped);
    this.#pending.clear();
  }
}

const identityChecked = new WeakSet<object>();

/** The OIDs the caller wants left as text; a parser that would change the text cannot cross the thread. */
function textTypes(options: QueryOptions): number[] | undefined {
  const { parsers } = options;
  if (!parsers) return undefined;
  const types = Object.keys(parsers).map(Number);
  if (!identityChecked.has(parsers)) {
    for (const type of types) {
      if (parsers[type]!('2026-01-01 00:00:00', type) !== '2026-01-01 00:00:00') {
        throw new Error(`a parser for type ${type} would change the text: only text-keeping parsers cross the thread`);
      }
    }
    identityChecked.add(parsers);
  }
  return types;
}
