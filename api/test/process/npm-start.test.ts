import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { telegramUser, textUpdate } from '../../../bot/test/support/updates.js';
import { startFakeBotApi } from '../fakes/bot-api.js';
import {
  REPO_ROOT,
  killTree,
  processTree,
  serverPid,
  sleep,
  spawnNpmStart,
  tempDataDir,
  waitAllGone,
  waitServing,
  type NpmStart,
} from './real-process.js';

/**
 * `npm start` as an operator runs it: real processes, real signals, a real PGlite data dir: the signal
 * must reach the server, and running it serves production assets, starts warm, and always stops within its
 * deadline.
 */
const STOP_DEADLINE_MS = 15_000;
const TOKEN = '123456:TEST-token-for-the-npm-start-suite';
const exec = promisify(execFile);

let running: NpmStart | undefined;
/** The first start, on an empty data dir; its database, once stopped, is every later start's template. */
let cold: NpmStart;
let coldLog: { text: () => string };
let coldStopped = false;

/** Output read from a child's pipe, for assertions on the log. */
function collect(stream: NodeJS.ReadableStream | null): { text: () => string } {
  let text = '';
  stream?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { text: () => text };
}

/** The cold start's database: stopped by its test, or here when that test did not run first. */
async function template(): Promise<string> {
  if (!coldStopped) {
    process.kill(cold.npm.pid!, 'SIGTERM');
    await cold.exited;
  }
  return cold.dataDir;
}

/** A fresh data dir holding the template's migrated and seeded database, so each start is a warm one. */
async function seededDataDir(): Promise<string> {
  const dir = tempDataDir();
  fs.cpSync(await template(), dir, { recursive: true });
  return dir;
}

async function startNpm(env: Record<string, string> = {}): Promise<NpmStart> {
  running = await spawnNpmStart({ DATA_DIR: await seededDataDir(), ...env });
  return running;
}

beforeAll(async () => {
  // NODE_ENV=development, as .env.example shows, must still give a production bundle.
  await exec('npm', ['run', 'build', '--silent'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development' },
  });
  // One cold start creates, migrates and seeds a database; its stop is a test's, and every other test
  // starts on a copy of the database.
  cold = await spawnNpmStart();
  void cold.exited.then(() => (coldStopped = true));
  coldLog = collect(cold.npm.stdout);
  await waitServing(cold.port);
}, 300_000);

afterEach(() => {
  killTree(running?.npm.pid);
  if (running) fs.rmSync(running.dataDir, { recursive: true, force: true });
  running = undefined;
});

afterAll(() => {
  if (!cold) return;
  killTree(cold.npm.pid);
  fs.rmSync(cold.dataDir, { recursive: true, force: true });
});

describe('npm start: the build', () => {
  it('builds the mini-app for production even when NODE_ENV=development', () => {
    const assets = path.join(REPO_ROOT, 'dist/miniapp/assets');
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const code = fs.readFileSync(path.join(assets, name), 'utf8');
      // React's development build ships jsxDEV and these warnings; the production build has neither.
      expect(code, name).not.toContain('jsxDEV');
      expect(code, name).not.toContain('Warning: Each child in a list should have a unique "key" prop');
    }
  });

  // Each start below is then stopped as one of the stop cases: a start is ~4.6 s of CPU.
  it('the first start, on an empty data dir, serves the app; SIGINT to npm then stops it', async () => {
    // Started by beforeAll; stopped already only if another test needed the template first.
    const start = coldStopped ? await startNpm() : cold;
    const log = start === cold ? coldLog : collect(start.npm.stdout);
    await waitServing(start.port);
    expect((await fetch(`http://127.0.0.1:${start.port}/`)).status).toBe(200);
    await stopsGracefully(start, log, 'SIGINT', 'npm');
  }, 60_000);

  it('a warm start reuses the mini-app and the server bundle as they are; SIGTERM to npm then stops it', async () => {
    const serverStamp = path.join(REPO_ROOT, 'dist/server/.inputs-sha256');
    const bundledAt = fs.statSync(serverStamp).mtimeMs;
    const start = await startNpm();
    const log = collect(start.npm.stdout);
    const errors = collect(start.npm.stderr);
    const ms = await waitServing(start.port, 30_000);
    console.log(`warm start to serving: ${Math.round(ms)} ms`);
    expect(log.text()).toContain('Stickerdrop is running');
    expect(log.text()).not.toContain('mini-app built');
    expect(errors.text()).not.toContain('server bundled');
    expect(fs.statSync(serverStamp).mtimeMs).toBe(bundledAt);
    const home = await fetch(`http://127.0.0.1:${start.port}/`);
    expect(home.status).toBe(200);
    await stopsGracefully(start, log, 'SIGTERM', 'npm');
  }, 60_000);
});

/**
 * `signal` to npm, to the server or to the whole group ends every process of the tree gracefully within the
 * deadline and releases the PGlite lock.
 */
async function stopsGracefully(
  start: NpmStart,
  log: { text: () => string },
  signal: NodeJS.Signals,
  target: 'npm' | 'server' | 'group',
): Promise<void> {
  const server = await serverPid(start.npm.pid!);
  const tree = processTree(start.npm.pid!);
  expect(tree).toContain(server);
  expect(fs.readFileSync(start.lockFile, 'utf8')).toBe(String(server));

  if (target === 'npm') process.kill(start.npm.pid!, signal);
  else if (target === 'server') process.kill(server, signal);
  else process.kill(-start.npm.pid!, signal);

  await waitAllGone(tree, STOP_DEADLINE_MS);
  expect((await start.exited).code).toBe(0);
  expect(fs.existsSync(start.lockFile)).toBe(false);
  expect(log.text()).toContain('"msg":"shutting down"');
}

describe('npm start: stopping', () => {
  // SIGINT and SIGTERM to npm: the first and the warm start above; SIGTERM to the group: the silent Bot API's
  // case below, with the bot's own stop to make as well.
  it('SIGTERM to the server ends every process of the tree gracefully within the deadline and releases the PGlite lock', async () => {
    const start = await startNpm();
    const log = collect(start.npm.stdout);
    await waitServing(start.port);
    await stopsGracefully(start, log, 'SIGTERM', 'server');
  }, 60_000);
});

describe('npm start: a stop the log reader or Telegram cannot hold up', () => {
  // One process for both: the Bot API gone makes the bot log an error every few seconds into the full pipe.
  it('with the bot on, stops within the deadline when stdout is a pipe nobody reads any more (it was a futex hang) and the Bot API went away', async () => {
    const telegram = await startFakeBotApi();
    const start = await startNpm({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot });
    const log = collect(start.npm.stdout);
    await waitServing(start.port);
    await telegram.waitFor(() => telegram.calls.some((call) => call.method === 'getUpdates'), 30_000, 'polling');
    const tree = processTree(start.npm.pid!);
    expect(fs.existsSync(start.lockFile)).toBe(true);
    await telegram.close();
    await sleep(500);
    start.npm.stdout!.pause();
    // Each request logs one line with its 4 kB url: far more than the pipe and the reader's buffer hold.
    const longPath = `/api/packs/${'9'.repeat(4096)}`;
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${start.port}${longPath}`)));
    }
    process.kill(-start.npm.pid!, 'SIGTERM');
    await waitAllGone(tree, STOP_DEADLINE_MS);
    expect((await start.exited).code).toBe(0);
    expect(fs.existsSync(start.lockFile)).toBe(false);
    expect(log.text()).toContain('bot started');
  }, 90_000);

  it('stops gracefully when the reader of stdout went away before the signal', async () => {
    const start = await startNpm();
    await waitServing(start.port);
    expect(fs.existsSync(start.lockFile)).toBe(true);
    const tree = processTree(start.npm.pid!);
    start.npm.stdout!.destroy();
    await sleep(100);
    // Log lines now meet a broken pipe (EPIPE): neither a crash nor a hang.
    for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${start.port}/api/health`)).status).toBe(200);
    process.kill(start.npm.pid!, 'SIGTERM');
    await waitAllGone(tree, STOP_DEADLINE_MS);
    expect((await start.exited).code).toBe(0);
    expect(fs.existsSync(start.lockFile)).toBe(false);
  }, 90_000);

  it('with the bot on, SIGTERM to the group stops every process gracefully within the deadline when the Bot API accepts connections and never answers', async () => {
    const telegram = await startFakeBotApi();
    const start = await startNpm({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot });
    const log = collect(start.npm.stdout);
    await waitServing(start.port);
    await telegram.waitFor(() => telegram.calls.some((call) => call.method === 'getUpdates'), 30_000, 'polling');
    // Hand the bot an update so the stop has one to confirm, then let Telegram stop answering altogether.
    telegram.pushUpdate(textUpdate(telegramUser(42), '/start'));
    await telegram.waitFor(() => telegram.calls.some((call) => call.method === 'sendMessage'), 30_000, 'reply');
    const port = Number(new URL(telegram.apiRoot).port);
    await telegram.close();
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    try {
      await stopsGracefully(start, log, 'SIGTERM', 'group');
      expect(log.text()).toContain('bot stopped');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  }, 90_000);
});
