import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Helpers for tests that run `npm start` (and friends) as real processes and stop them with real signals. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-run-'));
}

export interface NpmStart {
  /** npm's own process. */
  npm: ChildProcess;
  port: number;
  dataDir: string;
  lockFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs `npm start` in the repository on a fresh DATA_DIR and a free port, in its own process group (so a
 * test can signal the group as a terminal or a supervisor would). The environment is the test's own
 * minus anything a developer's shell or `.env` could bring in that changes the run.
 */
export async function spawnNpmStart(env: Record<string, string> = {}, stdio: StdioOptions = 'pipe'): Promise<NpmStart> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      BOT_TOKEN: '',
      DATABASE_URL: '',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio,
    detached: true,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { npm, port, dataDir, lockFile: path.join(dataDir, 'db', '.lock'), exited };
}

/** Polls until the server answers `path` with a 2xx, and returns how long that took. */
export async function waitServing(port: number, timeoutMs = 90_000, urlPath = '/api/health'): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(`nothing served on port ${port} within ${timeoutMs} ms`);
}

/** Every live descendant of `pid` (and `pid` itself), read from /proc. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone while we looked.
    }
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  if (isAlive(pid)) visit(pid);
  return tree;
}

export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Waits until none of `pids` is alive; returns the milliseconds it took, or throws naming the survivors. */
export async function waitAllGone(pids: number[], timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (!pids.some(isAlive)) return performance.now() - started;
    await sleep(50);
  }
  const alive = pids.filter(isAlive);
  if (alive.length === 0) return performance.now() - started;
  const where = alive.map((pid) => `${pid} (${readWchan(pid)})`).join(', ');
  throw new Error(`still alive after ${timeoutMs} ms: ${where}`);
}

function readWchan(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/wchan`, 'utf8');
  } catch {
    return '?';
  }
}

/** Kills whatever a failed test left running, so one failure does not leave servers behind. */
export function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const p of processTree(pid)) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** The child's npm start process: npm's only child, once the shell exec'd node. */
export async function serverPid(npmPid: number, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const child = processTree(npmPid).find(
      (pid) => pid !== npmPid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.ts'),
    );
    if (child !== undefined) return child;
    await sleep(50);
  }
  throw new Error('npm start did not start scripts/start.ts');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
