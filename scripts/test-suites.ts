/**
 * Vitest global setup: says at the start and again beside the summary which optional suites ran, and
 * how to run the ones that were skipped. CI sets every requirement, so nothing is skipped there.
 */
import fs from 'node:fs';
import { CHROMIUM_PATH as CHROMIUM } from '../e2e/support/chromium.js';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

function report(): string {
  const postgres = POSTGRES_URL
    ? `running on ${new URL(POSTGRES_URL).host}`
    : 'SKIPPED (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them)';
  const browser = fs.existsSync(CHROMIUM)
    ? `running with ${CHROMIUM}`
    : `SKIPPED (no Chromium at ${CHROMIUM}; apt-get install -y chromium)`;
  const redis = REDIS_URL
    ? `running on ${new URL(REDIS_URL).host}`
    : 'SKIPPED (set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them)';
  return (
    `\nOptional suites:\n  real Postgres (API on Postgres, concurrency, two bot workers): ${postgres}\n` +
    `  browser (Chromium): ${browser}\n  real Redis (rate limits shared by two API instances): ${redis}\n`
  );
}

export default function setup(): () => void {
  console.log(report());
  return () => console.log(report());
}
