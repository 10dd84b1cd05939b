import { type Config, type Database } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { startServer } from '@stickerdrop/api';
import { E2E_DIST } from './paths';
import { openSeededDatabase, seededStorage } from './seeded-catalogue';
import { suiteSetup } from './suite-setup';

export interface TestServer {
  url: string;
  config: Config;
  db: Database;
  stop(): Promise<void>;
}

/**
 * The real API with the built mini-app on one origin, on a fresh in-memory copy of the seeded demo
 * catalogue: what `npm start` serves, minus the disk. Both are made once per run (global-setup.ts).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const { catalogue } = await suiteSetup();
  const config = testConfig({ port: 0, host: '127.0.0.1', demo: true, ...overrides });
  const [database, storage] = await Promise.all([openSeededDatabase(catalogue), seededStorage(catalogue)]);
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
