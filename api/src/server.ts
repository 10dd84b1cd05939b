import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import {
  beginOpeningDatabase,
  type Config,
  databaseOptionsOf,
  createStorage,
  type DatabaseHandle,
  type FileStorage,
  type OpeningDatabase,
} from '@stickerdrop/core';
import { createApp, type CreateAppOptions } from './app.js';
import { startBackgroundJobs } from './jobs.js';

/** The built mini-app, served on the API's origin. */
export const MINIAPP_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/miniapp');

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  storage: FileStorage;
  /** The address the server listens on (loopback form), e.g. http://127.0.0.1:8080 */
  url: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Reuse an open database (tests, bench); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** The config's database, its opening begun by the caller (serve.ts: while this module loaded); closed on stop. */
  opening?: OpeningDatabase;
  storage?: FileStorage;
  staticDir?: string | false;
  /** Seed the demo catalogue into an empty database (default: when demo mode is on). */
  seed?: boolean;
  logger?: CreateAppOptions['logger'];
}

/**
 * Opens the database (PGlite in DATA_DIR, or Postgres at DATABASE_URL), migrates, seeds a demo catalogue
 * when asked, and serves the API with the mini-app. Background jobs stop before the database closes.
 */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<RunningServer> {
  const opening: OpeningDatabase = options.database
    ? { db: options.database.db, opened: Promise.resolve(options.database) }
    : (options.opening ?? (await beginOpeningDatabase(databaseOptionsOf(config))));
  const storage = options.storage ?? createStorage(config);
  let app: FastifyInstance | undefined;
  try {
    // Built while the database opens (PGlite in its own thread, on the other core): registering the
    // routes queries nothing.
    app = await createApp({
      config,
      db: opening.db,
      storage,
      staticDir: options.staticDir === false ? undefined : (options.staticDir ?? MINIAPP_DIST),
      logger: options.logger,
    });
    const database = await opening.opened;
    const jobs = await startBackgroundJobs({
      config,
      db: database.db,
      storage,
      payments: app.deps.payments,
      imagePool: app.deps.imagePool,
      log: app.log,
      seed: options.seed ?? config.demo,
    });
    const address = await app.listen({ port: config.port, host: config.host });
    const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    const running = app;
    return {
      app: running,
      database,
      storage,
      url,
      async stop() {
        await jobs.stop();
        await running.close();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    await app?.close();
    // Opened or not yet: it is closed once it is (a failed open has closed itself).
    if (!options.database) await opening.opened.then((open: DatabaseHandle) => open.close()).catch(() => {});
    throw error;
  }
}
