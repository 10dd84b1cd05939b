/**
 * The order `npm test` starts its files in: the longest first within each project, so no worker is left
 * finishing a long file alone at the end. Vitest's own sequencer does that only with its
 * results cache (node_modules/.vite/vitest, written by the last run); on a fresh clone (CI) it has only file
 * sizes, and a big file is not a slow one. So a file vitest has no time for takes it from SLOW_FILES.
 * Projects stay together, in vitest's order: a worker is reused, imports and all, only for a file of the
 * same project (isolate: false).
 */
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each took in a full run on 2 cores with 3 workers (the rest take under 15 s): a fresh clone's estimate. */
const SLOW_FILES: Record<string, number> = {
  'api/test/process/npm-start.test.ts': 42,
  'e2e/screens-market.test.ts': 41,
  'e2e/lists-forms-edges.test.ts': 39,
  'e2e/screens.test.ts': 38,
  'api/test/features/create-pack/media-route.test.ts': 22,
  'e2e/layout-shift.test.ts': 21,
  'core/test/db/pglite-thread.test.ts': 19,
  'e2e/themes.test.ts': 19,
  'api/test/http/fuzz.test.ts': 19,
  'e2e/payments.test.ts': 18,
  'e2e/studio.test.ts': 17,
  'bot/test/outbox/sticker-set.test.ts': 16,
};

export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (file: TestSpecification) => {
      const relative = path.relative(root, file.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${file.project.name}:${relative}`);
      if (cached) return cached.duration / 1000;
      return SLOW_FILES[relative] ?? fs.statSync(file.moduleId).size / 1e6;
    };
    const sorted = [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        a.project.name.localeCompare(b.project.name) ||
        seconds(b) - seconds(a),
    );
    return Promise.resolve(sorted);
  }
}
