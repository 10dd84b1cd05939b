/**
 * The API as its own process for the upload load test (`node --import tsx upload-server.ts`, with an IPC
 * channel): the Postgres database at DATABASE_URL, disk storage in a temporary directory, the default upload
 * settings, one creator. It samples its own RSS every 5 ms and answers `'report'` with the peak and the image pool's
 * counts, so the test measures the server alone and not the test runner beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { diskStorage, tables } from '@stickerdrop/core/testing';
import { createApp } from '../../../src/app.js';

export interface UploadServerReady {
  port: number;
  headers: { authorization: string };
  uploads: { maxBytesPerRequest: number; concurrency: number };
}
export interface UploadServerReport {
  startRss: number;
  peakRss: number;
  poolPeak: number;
  poolActive: number;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-upload-server-'));
const base = testConfig();
// The test sends more uploads at once than the hourly limit a person needs allows.
const config = testConfig({
  rateLimits: {
    ...base.rateLimits,
    limits: { ...base.rateLimits.limits, upload: { max: 1_000, windowMs: 3_600_000 } },
  },
});
// Postgres, not PGlite: PGlite's WebAssembly heap alone is ~650 MB of RSS, and it is the uploads' memory that counts.
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
const app = await createApp({ config, db: database.db, storage: diskStorage(path.join(dir, 'files')), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const creatorId = 4_242;
await database.db.insert(tables.users).values({ id: creatorId, firstName: 'Load', isCreator: true });

const startRss = process.memoryUsage().rss;
let peakRss = startRss;
setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);

process.on('message', (message) => {
  if (message !== 'report') return;
  const report: UploadServerReport = {
    startRss,
    peakRss,
    poolPeak: app.deps.imagePool.peakActive,
    poolActive: app.deps.imagePool.active,
  };
  process.send!(report);
});
process.on('disconnect', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
});

const ready: UploadServerReady = {
  port: (app.server.address() as AddressInfo).port,
  headers: { authorization: `Bearer ${await app.deps.tokens.sign(creatorId)}` },
  uploads: config.uploads,
};
process.send!(ready);
