import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Config, createStorage, type DatabaseHandle, type FileStorage, openDatabase } from '@stickerdrop/core';
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
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
      poolSize: config.databasePoolSize,
    }));
  const storage = options.storage ?? createStorage(config);
  let app: FastifyInstance | undefined;
  try {
    app = await createApp({
      config,
      db: database.db,
      storage,
      staticDir: options.staticDir === false ? undefined : (options.staticDir ?? MINIAPP_DIST),
      logger: options.logger,
    });
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
    if (!options.database) await database.close();
    throw error;
  }
}
