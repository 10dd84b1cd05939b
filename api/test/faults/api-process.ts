/**
 * The API as its own process, for crash tests: `node --import tsx api-process.ts` with the usual
 * environment (DATABASE_URL, STRIPE_*, …). Prints `listening <url>` once it serves; runs until killed.
 */
import { loadConfig } from '@stickerdrop/core';
import { startServer } from '../../src/server.js';

const server = await startServer(loadConfig(process.env), { staticDir: false, seed: false, logger: false });
console.log(`listening ${server.url}`);
