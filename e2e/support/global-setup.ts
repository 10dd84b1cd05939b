/**
 * vitest global setup of the browser suite: what each test file's server is made of, made once per run
 * rather than by every file: the mini-app's production build (kept between runs while its inputs are the
 * same, as `npm start` keeps dist/miniapp), the seeded demo catalogue, and Chromium's switches. Without
 * Chromium the suite is skipped and none of it is made.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureMiniappBuild } from '../../scripts/miniapp-build.js';
import { CHROMIUM_PATH } from './chromium';
import { chromiumArgs } from './chromium-args';
import { E2E_DIST, TEST_DATA } from './paths';
import { seedCatalogue } from './seeded-catalogue';

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (!fs.existsSync(CHROMIUM_PATH)) return;
  // This run's own folder: another run at the same time seeds its own. Removed when the run ends.
  const dir = path.join(TEST_DATA, `e2e-catalogue-${process.pid}`);
  const [, catalogue, args] = await Promise.all([
    ensureMiniappBuild({ outDir: E2E_DIST }),
    seedCatalogue(dir),
    chromiumArgs(),
  ]);
  project.provide('seededCatalogue', catalogue);
  project.provide('chromiumArgs', args);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
