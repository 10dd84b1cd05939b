/**
 * The server `npm start` runs: scripts/serve.ts and the workspace packages it imports, bundled into one
 * ES module by esbuild (other dependencies stay in node_modules, but for zod and drizzle-orm), rebuilt only
 * when a source changed, as the mini-app is. Loading ~280 TypeScript modules one by one through tsx's hooks
 * was a third of a warm start; the bundle is one module, built in about 0.3 s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { ROOT, hashInputs, readStamp, writeStamp } from './build-stamp.js';

const OUT_DIR = path.join(ROOT, 'dist/server');
const ENTRY = 'scripts/serve.ts';
/** Everything bundled: our sources (dependencies are loaded from node_modules as they are). */
const INPUT_DIRS = ['shared/src', 'core/src', 'api/src', 'bot/src', 'scripts'];
const INPUT_FILES = ['package-lock.json', 'tsconfig.base.json'];

export interface ServerBundle {
  /** The module to import. */
  entry: string;
  built: boolean;
  ms: number;
}

/** dist/server's entry, built first when it is missing or was made from other sources. */
export async function ensureServerBundle(options: { force?: boolean } = {}): Promise<ServerBundle> {
  const started = performance.now();
  const hash = inputsHash();
  const entry = path.join(OUT_DIR, 'serve.mjs');
  const current = !options.force && readStamp(OUT_DIR) === hash && fs.existsSync(entry);
  if (!current) await bundle(hash);
  return { entry, built: !current, ms: performance.now() - started };
}

function inputsHash(): string {
  return hashInputs(INPUT_DIRS, INPUT_FILES, (name) => /\.(ts|mjs|json|sql)$/.test(name)).digest('hex');
}

/**
 * Built beside dist/server and renamed into place, so a start that reads it meanwhile sees the old bundle or
 * the new one, never half of one.
 */
async function bundle(hash: string): Promise<void> {
  const { build } = await import('esbuild');
  const staging = `${OUT_DIR}.${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await build({
      entryPoints: [path.join(ROOT, ENTRY)],
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      // The oldest Node of package.json's engines: a bundle made on Node 24 still runs on 20.
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'error',
      plugins: [dependenciesFromNodeModules, ownLocations],
    });
    writeStamp(staging, hash);
    fs.rmSync(OUT_DIR, { recursive: true, force: true });
    try {
      fs.renameSync(staging, OUT_DIR);
    } catch (error) {
      // Another start built the same sources and renamed its bundle first: use that one.
      if (readStamp(OUT_DIR) !== hash) throw error;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Two packages of ES modules are bundled with ours: zod and drizzle-orm are hundreds of small files, and
 * tsx's loader answers each import on its own thread while the start waits (a warm start 1.32 s -> 1.19 s).
 * No package left outside the bundle shares their objects with ours (@ton/ton has a zod 3 of its own).
 * The rest, PGlite's 520 kB module and the CommonJS packages, load from node_modules at run time, as
 * without the bundle: bundled, they made the start slower.
 */
const BUNDLED_DEPENDENCY = /^(zod|drizzle-orm)(\/|$)/;

/** What drizzle's PGlite driver asks of PGlite on the main thread, where PGlite itself does not run. */
const PGLITE_ON_MAIN_THREAD = path.join(ROOT, 'core/src/db/pglite-on-main-thread.ts');

const dependenciesFromNodeModules: Plugin = {
  name: 'dependencies-from-node-modules',
  setup(build) {
    build.onResolve({ filter: /^@electric-sql\/pglite$/ }, (args) =>
      args.importer.includes(`${path.sep}drizzle-orm${path.sep}`) ? { path: PGLITE_ON_MAIN_THREAD } : undefined,
    );
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@stickerdrop/') || BUNDLED_DEPENDENCY.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Each source keeps its own `import.meta.url` and `import.meta.dirname`: files it finds beside itself (the
 * migrations, the mini-app's dist, the TGS still script) are where they were, wherever the bundle is.
 */
const ownLocations: Plugin = {
  name: 'own-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};
