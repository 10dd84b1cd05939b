/**
 * The bot as its own process (at scale): `npm run start:bot`, i.e. `node --import tsx bot/src/main.ts`
 * (one process, so SIGTERM reaches it; `tsx` as a command would be a parent relaying signals). Shares the
 * API's database (DATABASE_URL) and files (the S3 bucket of S3_*, else DATA_DIR); the API runs elsewhere.
 * Stops gracefully on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { createLogger, createStorage, openDatabase, stopOnSignals } from '@stickerdrop/core';
import { BotConfigError, loadBotConfig } from './config.js';
import { startBot } from './start.js';

async function main(): Promise<void> {
  const config = loadBotConfig();
  if (!config.botToken) throw new BotConfigError('Invalid configuration: BOT_TOKEN is required to run the bot');
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  const storage = createStorage(config);
  const bot = await startBot({ config, db: database.db, storage, log });

  stopOnSignals(log, async () => {
    await bot.stop();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof BotConfigError ? error.message : error);
  process.exit(1);
});
