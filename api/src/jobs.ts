import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { FileStorage } from './storage/storage.js';

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/** Work that runs beside the requests: the demo seed, trending scores, reservation expiry. */
export async function startBackgroundJobs(deps: {
  config: Config;
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  seed: boolean;
}): Promise<BackgroundJobs> {
  const stops: Array<() => unknown> = [];
  void deps;
  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
