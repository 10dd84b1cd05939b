import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../../api/test/fakes/bot-api.js';
import {
  REPO_ROOT,
  isAlive,
  killTree,
  processTree,
  tempDataDir,
  waitAllGone,
} from '../../api/test/process/real-process.js';

/** The bot's own process (`npm run start:bot`), stopped by real signals as a supervisor would. */
const STOP_DEADLINE_MS = 15_000;
let npmPid: number | undefined;
let telegram: FakeBotApi | undefined;
/**
 * One data dir for both runs: the second starts on the database the first made (migrations and all) and
 * left unlocked, as a restarted bot does, instead of making another one (about 5 s of CPU).
 */
let dataDir: string;

beforeAll(() => {
  dataDir = tempDataDir();
});
afterEach(async () => {
  killTree(npmPid);
  await telegram?.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm run start:bot', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm’s PID stops the bot gracefully within the deadline and releases the PGlite lock',
    async (signal) => {
      telegram = await startFakeBotApi();
      const npm = spawn('npm', ['run', 'start:bot', '--silent'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          BOT_TOKEN: '123456:TEST-token-for-the-bot-process',
          TELEGRAM_API_ROOT: telegram.apiRoot,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      npmPid = npm.pid;
      let log = '';
      npm.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
      const fake = telegram;
      await fake.waitFor(() => fake.calls.some((call) => call.method === 'getUpdates'), 60_000, 'polling');
      const lockFile = path.join(dataDir, 'db', '.lock');
      expect(fs.existsSync(lockFile)).toBe(true);
      const tree = processTree(npm.pid!);
      // npm, then the bot itself in place of the shell (exec), not a tsx parent relaying signals.
      expect(
        tree.filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('bot/src/main.ts')),
      ).toHaveLength(1);

      process.kill(npm.pid!, signal);
      await waitAllGone(tree, STOP_DEADLINE_MS);
      expect(await exited).toBe(0);
      expect(tree.some(isAlive)).toBe(false);
      expect(fs.existsSync(lockFile)).toBe(false);
      expect(log).toContain('bot stopped');
    },
    90_000,
  );
});
