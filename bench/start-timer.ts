/** Timing a server's start from spawn to its first 200, shared by bench:start and bench:drop. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const TICK = 100; // USER_HZ on Linux

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICK; // utime, stime
}

/** Spawns `node --import tsx <script>` and times it to the first 200 on GET /api/marketplace/stats. */
export async function timeStart(script: string, dataDir: string): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=16', '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BOT_TOKEN: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/marketplace/stats`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return { wall: (performance.now() - started) / 1000, cpu: cpuSeconds(child.pid!) };
      if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** The machine's speed in one figure: the median of `runs` bare Fastify starts (bare-fastify.ts), after one to warm tsx's cache. */
export async function bareFastifyStart(dataDir: string, runs = 3): Promise<number> {
  await timeStart('bench/bare-fastify.ts', dataDir);
  const walls: number[] = [];
  for (let i = 0; i < runs; i++) walls.push((await timeStart('bench/bare-fastify.ts', dataDir)).wall);
  return [...walls].sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
