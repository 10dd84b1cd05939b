/**
 * vitest global setup of the browser suite: what each test file's server is made of, made once per run
 * rather than by every file: the mini-app's production build (kept between runs while its inputs are the
 * same, as `npm start` keeps dist/miniapp), the seeded demo catalogue, and Chromium's switches. They are
 * made while the other projects' tests run (global setups run one after another before any test, and this
 * one took 7 s): the browser files wait for them (suite-setup.ts). Without Chromium the suite is skipped
 * and none of it is made.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureMiniappBuild } from '../../scripts/miniapp-build.js';
import { CHROMIUM_PATH } from './chromium';
import { chromiumArgs } from './chromium-args';
import { E2E_DIST, TEST_DATA, catalogueFiles } from './paths';
import type { SeededCatalogue } from './seeded-catalogue';
import type { SuiteSetup } from './suite-setup';

const SEED_SCRIPT = path.join(import.meta.dirname, 'seed-catalogue-main.ts');
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The catalogue is seeded in a process of its own: in vitest's main process the import of core and
 * PGlite's queries (WebAssembly on the main thread) held the event loop that answers the workers' module
 * requests, so the first files waited on the seed (their start 18–23 s into a run, 13–19 s since).
 */
function seedCatalogueApart(dir: string): Promise<SeededCatalogue> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SEED_SCRIPT, dir], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(catalogueFiles(dir))
        : reject(new Error(`seeding the catalogue failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  if (!fs.existsSync(CHROMIUM_PATH)) return;
  // This run's own folder: another run at the same time seeds its own. Removed when the run ends.
  const dir = path.join(TEST_DATA, `e2e-catalogue-${process.pid}`);
  const file = path.join(TEST_DATA, `e2e-setup-${process.pid}.json`);
  fs.rmSync(file, { force: true });
  project.provide('browserSuiteSetup', file);
  const making = Promise.all([ensureMiniappBuild({ outDir: E2E_DIST }), seedCatalogueApart(dir), chromiumArgs()]).then(
    ([, catalogue, args]): SuiteSetup => ({ catalogue, chromiumArgs: args }),
    (error: unknown): SuiteSetup => ({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }),
  );
  const written = making.then((made) => {
    // Written whole, then renamed: a reader never sees half of it.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(made));
    fs.renameSync(`${file}.tmp`, file);
  });
  // Reported by the teardown, which awaits it.
  written.catch(() => undefined);
  return async () => {
    await written;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(file, { force: true });
  };
}
