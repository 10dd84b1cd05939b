/**
 * The mini-app bundle `npm start` serves: always a production build, and rebuilt only when what it is
 * made of changed, so a warm start serves within seconds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ROOT, hashInputs, readStamp, writeStamp } from './build-stamp.js';

/** Where vite.config.ts writes the bundle and the API serves it from (MINIAPP_DIST). */
const OUT_DIR = path.join(ROOT, 'dist/miniapp');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

/** Everything the bundle is made of: sources, the shared package, dependency versions, build config. */
const INPUT_DIRS = ['miniapp/src', 'shared/src'];
const INPUT_FILES = [
  'miniapp/index.html',
  'miniapp/package.json',
  'shared/package.json',
  'package-lock.json',
  'vite.config.ts',
  'scripts/vite-first-screen.ts',
  'scripts/vite-home-chunk.ts',
  'scripts/vite-detail-chunk.ts',
  'scripts/vite-screen-styles.ts',
  'scripts/vite-telegram-bridge.ts',
  'scripts/vite-telegram-sdk-pure.ts',
  'tsconfig.base.json',
];
/** The env files Vite reads for a production build (envDir is the repository root), lowest priority first. */
const VITE_ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];

export interface MiniappBuild {
  built: boolean;
  ms: number;
}

/**
 * Builds dist/miniapp (or `outDir`: the browser suite's own copy) unless it was built from the same
 * inputs; `force` always builds (`npm run build`).
 */
export async function ensureMiniappBuild(
  options: { force?: boolean; signal?: AbortSignal; outDir?: string } = {},
): Promise<MiniappBuild> {
  const started = performance.now();
  const outDir = options.outDir ?? OUT_DIR;
  const hash = inputsHash();
  if (!options.force && isCurrent(outDir, hash)) return { built: false, ms: performance.now() - started };
  await viteBuild(outDir, options.signal);
  writeStamp(outDir, hash);
  return { built: true, ms: performance.now() - started };
}

function isCurrent(outDir: string, hash: string): boolean {
  return readStamp(outDir) === hash && fs.existsSync(path.join(outDir, 'index.html'));
}

export function inputsHash(env: Record<string, string | undefined> = process.env): string {
  return hashInputs(INPUT_DIRS, INPUT_FILES)
    .update(JSON.stringify(viteEnv(env)))
    .digest('hex');
}

/** The VITE_* values the bundle gets: the env files in Vite's order, then the environment, which wins. */
function viteEnv(env: Record<string, string | undefined>): [string, string][] {
  const merged: Record<string, string | undefined> = {};
  for (const file of VITE_ENV_FILES) {
    const full = path.join(ROOT, file);
    if (fs.existsSync(full)) Object.assign(merged, parseEnv(fs.readFileSync(full, 'utf8')));
  }
  for (const [name, value] of Object.entries(env)) if (name.startsWith('VITE_')) merged[name] = value;
  return Object.entries(merged)
    .filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * `vite build` in a child process with NODE_ENV=production: Vite makes a development build (React's
 * development bundle, 60% larger) whenever NODE_ENV says development, and `.env.example` does. Its output
 * goes to stderr so stdout stays JSON for a log collector. An abort (a stop signal) ends the build.
 */
function viteBuild(outDir: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 2, 2],
      signal,
      killSignal: 'SIGTERM',
    });
    child.on('error', reject);
    child.on('exit', (code, killedBy) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${killedBy ?? `exit code ${code}`})`));
    });
  });
}
