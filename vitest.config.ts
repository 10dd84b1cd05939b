import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { LINGUI } from './vite.config.js';
import LongestFirstSequencer from './scripts/test-sequencer.js';

/**
 * Each project's workers get a larger young generation, as `npm start` has: in a profile of the browser
 * suite's workers, collecting garbage took a tenth of what they did.
 */
const execArgv = ['--max-semi-space-size=32'];

/** One run covers every part; each part is a project with its own environment. */
export default defineConfig({
  test: {
    globalSetup: ['scripts/test-suites.ts', 'api/test/global-setup.ts'],
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, which
    // then sits idle while a suite waits on Chromium, a child process or a timer. With two, the cores
    // were still idle a tenth of a run (vmstat); one worker more than the cores fills that: 280 -> 252 s.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { test: { name: 'shared', include: ['shared/test/**/*.test.ts'], environment: 'node', execArgv } },
      {
        test: {
          name: 'core',
          execArgv,
          include: ['core/test/**/*.test.ts'],
          environment: 'node',
          // As for the API: each file makes its own databases; the worker shares PGlite's wasm and the imports.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          execArgv,
          include: ['api/test/**/*.test.ts'],
          environment: 'node',
          // Every file builds its own apps and databases, so files of one worker share the imported modules
          // (Fastify, drizzle, PGlite's wasm, sharp) and the worker's PGlite pool instead of loading them
          // again per file: on 2 cores that import was most of a file's time (6 files: 110 s → 41 s).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bot',
          execArgv,
          include: ['bot/test/**/*.test.ts'],
          environment: 'node',
          // As for the API: each file makes its own bot, app and database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), lingui(LINGUI)],
        test: {
          name: 'miniapp',
          execArgv,
          include: ['miniapp/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Room for a few finds of up to five seconds each (setup.ts) in one test.
          testTimeout: 20_000,
          setupFiles: ['miniapp/test/setup.ts'],
          // The files of a worker share one jsdom and the imported React, telegram-ui and SDK instead of making
          // them per file (setup.ts empties the DOM, storage and mocks after every test): 36 s -> 17 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          execArgv,
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // The mini-app's build and the seeded catalogue, made once for all the files.
          globalSetup: ['e2e/support/global-setup.ts'],
          // Files of a worker share the imported playwright-core, API and core (each still launches its own
          // Chromium and server): the project 109 s -> 90 s, 92 s -> 63 s of CPU.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits 1 s by default: a sign-in or a page's first fetch took longer beside the rest
          // of the suite on a slow hour (a full run here: "expected null to be truthy" on the access token). Playwright's
          // own waits give 30 s; a poll now gives as long, still failing when the state never comes.
          expect: { poll: { timeout: 30_000 } },
          setupFiles: ['e2e/support/fail-on-csp.ts'],
        },
      },
    ],
  },
});
