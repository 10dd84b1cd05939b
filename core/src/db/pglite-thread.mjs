// The embedded Postgres (PGlite) in a worker thread of its own; pglite-thread.ts is the other side.
// Plain JavaScript so the thread starts without tsx: it opens the data dir on the second core while the
// main thread loads the server, and its queries' wasm never holds up the event loop that serves HTTP.
// Each message is { id, op, ... }; each answer { id, result } or { id, error }, in whatever order the
// work ends. PGlite's own locks order the work as they do in-process: a query waits for an open
// transaction, and a transaction's statements run inside it.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.mjs';

/** Rejects a transaction's callback, so PGlite rolls it back; never seen outside this file. */
const ROLLBACK = Symbol('rollback');
const keepText = (value) => value;

const MB = 1024 * 1024;
// One options object: given `undefined` for an in-memory database, PGlite's two-argument form drops the options.
const db = new PGlite({
  dataDir: workerData.dataDir,
  extensions: pgliteExtensions,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb(workerData.dataDir)}MB`],
});
/** Open transactions by the id of the message that began them. */
const transactions = new Map();

parentPort.on('message', (message) => {
  answer(message.id, run(message));
});

async function run(message) {
  switch (message.op) {
    case 'ready':
      await db.waitReady;
      return null;
    case 'query':
      return target(message.tx).query(message.sql, message.params, queryOptions(message));
    case 'begin':
      return begin(message.id);
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      // The exit code is the answer: a reply posted now could arrive after the thread's exit.
      await db.close().then(
        () => process.exit(0),
        (error) => {
          process.stderr.write(`closing the embedded database failed: ${error?.stack ?? error}\n`);
          process.exit(1);
        },
      );
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

function target(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('the transaction has already ended');
  return open.tx;
}

/** Parsers are functions and cannot cross threads: the main thread names the types it wants as text. */
function queryOptions({ rowMode, textTypes }) {
  const options = {};
  if (rowMode) options.rowMode = rowMode;
  if (textTypes) options.parsers = Object.fromEntries(textTypes.map((type) => [type, keepText]));
  return options;
}

/** Answers once BEGIN has run; the transaction stays open until `end` settles the callback. */
function begin(id) {
  return new Promise((began, failed) => {
    const open = {};
    open.settled = db
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(open, { tx, commit, rollback });
            transactions.set(id, open);
            began(id);
          }),
      )
      .finally(() => transactions.delete(id));
    // A BEGIN that fails never calls back; once begun, `end` reports the outcome.
    open.settled.catch((error) => (open.tx ? undefined : failed(error)));
  });
}

async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error('the transaction has already ended');
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  try {
    await open.settled;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return null;
}

/**
 * Postgres' default 128 MB of shared buffers cost every start about 80 ms (wasm zeroes them) and the
 * process 110 MB. Twice the database's files, at least 16 MB, hold all of it with room to grow before a
 * page is read again through the file layer; from a 64 MB database on it is the default again.
 */
function sharedBuffersMb(dataDir) {
  const base = dataDir && path.join(dataDir, 'base');
  if (!base || !fs.existsSync(base)) return 16;
  let bytes = 0;
  for (const entry of fs.readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return Math.min(128, Math.max(16, Math.ceil((2 * bytes) / MB)));
}

async function answer(id, work) {
  try {
    parentPort.postMessage({ id, result: await work });
  } catch (error) {
    parentPort.postMessage({ id, error: cloneableError(error) });
  }
}

/**
 * What the main thread needs of an error: its message and name, and Postgres' fields (code, detail,
 * constraint...), the ones callers read. Other values (the query's options hold functions) stay here.
 */
function cloneableError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const fields = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}
