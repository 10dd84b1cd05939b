import path from 'node:path';

/** Files the browser suite makes; ignored by git. */
export const TEST_DATA = path.resolve(import.meta.dirname, '../../.test-data');
/** The mini-app as production builds it, served by every test server. */
export const E2E_DIST = path.join(TEST_DATA, 'e2e-miniapp');

/** Where a catalogue seeded into `dir` (seeded-catalogue.ts) keeps its database image and its art. */
export function catalogueFiles(dir: string): { image: string; artDir: string } {
  return { image: path.join(dir, 'catalogue.tar'), artDir: path.join(dir, 'art') };
}
