import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { describe, inject } from 'vitest';
import { type Config, type Database, type FileStorage, memoryStorage, openDatabase } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { createApp } from '../src/app.js';
import { databaseUrl, waitForSessionsToEnd } from './db-images.js';
import { leasePglite } from './pglite-pool.js';

export type DatabaseKind = 'pglite' | 'postgres';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * A brand-new database on the Postgres server of TEST_DATABASE_URL, dropped on close: a copy of the run's
 * migrated template (db-images.ts) when global setup made one, else created and migrated here.
 */
async function freshPostgres(): Promise<{ db: Database; close(): Promise<void> }> {
  const database = await freshPostgresUrl();
  const handle = await openDatabase({ url: database.url, poolSize: 30 });
  return {
    db: handle.db,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** The address of a brand-new database on TEST_DATABASE_URL's server, for a process of its own to open. */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const name = `sd_test_${randomBytes(6).toString('hex')}`;
  const template = inject('testDatabaseImages')?.postgresTemplate;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(TEST_DATABASE_URL!, name),
    async drop() {
      // FORCE would kill a session still closing, and its FATAL notice surfaces as an unhandled error.
      await waitForSessionsToEnd(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function freshDatabase(kind: DatabaseKind = 'pglite') {
  return kind === 'postgres' ? freshPostgres() : leasePglite();
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  storage: FileStorage;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** A fresh app on a fresh database. Time is frozen and moved by `clock.advance`. */
export async function buildTestApp(
  options: {
    kind?: DatabaseKind;
    config?: Partial<Config>;
    realTime?: boolean;
    storage?: FileStorage;
    /** A built mini-app to serve, as `npm start` does. */
    staticDir?: string;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(options.kind);
  const config = testConfig(options.config);
  const storage = options.storage ?? memoryStorage();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await createApp({
    config,
    db: database.db,
    storage,
    logger: false,
    now: options.realTime ? () => new Date() : () => clock.now,
    staticDir: options.staticDir,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    storage,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The database kinds this run covers: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite on every database kind; without TEST_DATABASE_URL the Postgres run is shown as skipped. */
export function describeEachDatabase(name: string, body: (kind: DatabaseKind) => void): void {
  describe.each(['pglite', 'postgres'] as DatabaseKind[])(`${name} [%s]`, (kind) => {
    if (kind === 'postgres' && !TEST_DATABASE_URL) {
      describe.skip('skipped: TEST_DATABASE_URL is not set', () => body(kind));
      return;
    }
    body(kind);
  });
}

/** A suite that only makes sense on a real Postgres server (concurrency). */
export const describePostgres = TEST_DATABASE_URL
  ? describe
  : (name: string, body: () => void) => describe.skip(`${name} (skipped: TEST_DATABASE_URL is not set)`, body);

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** A suite that needs a real Redis server (rate limits shared by replicas). */
export const describeRedis = TEST_REDIS_URL
  ? describe
  : (name: string, body: () => void) => describe.skip(`${name} (skipped: TEST_REDIS_URL is not set)`, body);

/**
 * The test config's rate limits with some changed: small ones to reach in a test, large ones for a suite that
 * deliberately sends more than a person would. `redis` shares the counts through a server under a prefix.
 */
export function rateLimitsWith(
  limits: Partial<Config['rateLimits']['limits']>,
  redis?: { url: string; prefix: string },
): Pick<Config, 'rateLimits'> {
  const base = testConfig().rateLimits;
  return {
    rateLimits: {
      redisUrl: redis?.url,
      redisPrefix: redis?.prefix ?? base.redisPrefix,
      limits: { ...base.limits, ...limits },
    },
  };
}
