import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import {
  memoryStorage,
  openDatabase,
  seedDemoCatalogue,
  testConfig,
  type Config,
  type Database,
} from '@stickerdrop/core';
import { startServer } from '@stickerdrop/api';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const E2E_DIST = path.join(ROOT, '.test-data/e2e-miniapp');

let built: Promise<void> | undefined;

/** Builds the mini-app exactly as production does (same origin, no VITE_API_URL), once per test file. */
export function buildMiniApp(): Promise<void> {
  built ??= productionBuild();
  return built;
}

async function productionBuild(): Promise<void> {
  // The test runner sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: E2E_DIST, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

export interface TestServer {
  url: string;
  config: Config;
  db: Database;
  stop(): Promise<void>;
}

/**
 * The real API with the built mini-app on one origin, on a fresh in-memory database seeded with the demo
 * catalogue: what `npm start` serves, minus the disk.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  await buildMiniApp();
  if (!fs.existsSync(path.join(E2E_DIST, 'index.html'))) throw new Error('mini-app build is missing');
  const config = testConfig({ port: 0, host: '127.0.0.1', demo: true, ...overrides });
  const database = await openDatabase({});
  const storage = memoryStorage();
  await seedDemoCatalogue({ db: database.db, storage, now: new Date() });
  const server = await startServer(config, { database, storage, staticDir: E2E_DIST, seed: false, logger: false });
  return {
    url: server.url,
    config,
    db: database.db,
    async stop() {
      await server.stop();
      await database.close();
    },
  };
}
