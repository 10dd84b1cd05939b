/**
 * The bot as its own process (at scale): `npm run start:bot`, i.e. `node --import tsx bot/src/main.ts`
 * (one process, so SIGTERM reaches it; `tsx` as a command would be a parent relaying signals). Shares the
 * API's database (DATABASE_URL) and files (the S3 bucket of S3_*, else DATA_DIR); the API runs elsewhere.
 * Stops gracefully on SIGINT/SIGTERM.
 */
import {
  createLogger,
  createStorage,
  databaseOptionsOf,
  type Logger,
  openDatabase,
  stopOnSignals,
} from '@stickerdrop/core';
import { BotConfigError, loadBotConfig, type BotProcessConfig } from './config.js';
import { startBot } from './runtime/start.js';

interface Running {
  stop(): Promise<void>;
}

async function start(config: BotProcessConfig, log: Logger): Promise<Running> {
  const database = await openDatabase(databaseOptionsOf(config));
  const storage = createStorage(config);
  const bot = await startBot({ config, db: database.db, storage, log });
  return {
    async stop() {
      await bot.stop();
      await database.close();
    },
  };
}

function fail(error: unknown): never {
  console.error(error instanceof BotConfigError ? error.message : error);
  process.exit(1);
}

function main(): void {
  const config = loadBotConfig();
  if (!config.botToken) throw new BotConfigError('Invalid configuration: BOT_TOKEN is required to run the bot');
  const log = createLogger(config.logLevel);
  const running = start(config, log);
  // Listening from the first moment: a stop while the database opens waits for it and closes it again.
  stopOnSignals(log, async () => {
    const started = await running.catch(() => undefined);
    await started?.stop();
  });
  running.catch(fail);
}

try {
  main();
} catch (error) {
  fail(error);
}
