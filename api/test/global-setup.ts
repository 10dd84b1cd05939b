/**
 * vitest global setup: one migrated PGlite image and, with TEST_DATABASE_URL, one migrated Postgres
 * template for the whole run (db-images.ts); removed when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { createTestDatabaseImages } from './db-images.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { images, remove } = await createTestDatabaseImages(process.env.TEST_DATABASE_URL);
  project.provide('testDatabaseImages', images);
  return remove;
}
