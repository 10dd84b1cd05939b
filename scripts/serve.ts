/**
 * The whole marketplace in one process — the API with the mini-app and, when BOT_TOKEN is set, the bot.
 * With no configuration it runs on an embedded Postgres (PGlite) in DATA_DIR. `npm start` (start.ts) runs
 * it from its bundle; `npm run dev` from these sources.
 */
import type { RunningServer, startServer as StartServer } from '@stickerdrop/api';
import {
  beginOpeningDatabase,
  ConfigError,
  databaseOptionsOf,
  createLogger,
  DataDirLockedError,
  loadConfig,
  stopOnSignals,
  type Config,
} from '@stickerdrop/core';
import type { Logger } from 'pino';
import { ensureMiniappBuild } from './miniapp-build.js';

interface Running {
  stop(): Promise<void>;
}

async function start(config: Config, log: Logger, signal: AbortSignal): Promise<Running | undefined> {
  // The database opens first: PGlite's thread opens the data dir on the other core while the server's
  // code (Fastify, its plugins, the routes) loads here.
  const opening = await beginOpeningDatabase(databaseOptionsOf(config));
  let startServer: typeof StartServer;
  try {
    ({ startServer } = await import('@stickerdrop/api'));
    // `npm run dev` passes --no-build: Vite's dev server serves the mini-app there.
    if (!process.argv.includes('--no-build')) {
      const build = await ensureMiniappBuild({ signal });
      if (build.built) log.info({ ms: Math.round(build.ms) }, 'mini-app built');
    }
    if (signal.aborted) throw signal.reason;
  } catch (error) {
    // Until startServer is handed the database, this is its only owner.
    await opening.opened.then((database) => database.close()).catch(() => {});
    if (signal.aborted) return undefined;
    throw error;
  }
  // From here startServer owns it: it closes the database on a failure, and on stop.
  const server = await startServer(config, { logger: log, opening });
  const bot = await startBotIfConfigured(config, server, log);
  log.info(
    { url: config.publicUrl, listening: server.url, database: server.database.kind, demo: config.demo },
    `Stickerdrop is running: open ${config.publicUrl}`,
  );
  return {
    async stop() {
      await bot.stop();
      await server.stop();
    },
  };
}

/** The bot's code (grammy, its conversations) is loaded only with a token: ~130 ms of every start without. */
async function startBotIfConfigured(config: Config, server: RunningServer, log: Logger): Promise<Running> {
  if (!config.botToken) {
    log.info('BOT_TOKEN is not set: running without the Telegram bot');
    return { stop: async () => {} };
  }
  const { loadBotConfig, startBot } = await import('@stickerdrop/bot');
  return startBot({
    config: { ...config, webhook: loadBotConfig().webhook, offerSale: config },
    db: server.database.db,
    storage: server.storage,
    imagePool: server.app.deps.imagePool,
    log,
  });
}

function main(): void {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // Listening for signals from the first moment: a stop during the build ends the build, a stop during
  // start-up waits for it, so the database is never left open.
  const startup = new AbortController();
  const running = start(config, log, startup.signal);
  stopOnSignals(log, async () => {
    startup.abort();
    const started = await running.catch(() => undefined);
    await started?.stop();
  });
  running.catch((error: unknown) => {
    // A stop during the build or start-up is not a failure: stopOnSignals exits once it is handled.
    if (!startup.signal.aborted) fail(error);
  });
}

/** BotConfigError by name: the bot's module is not loaded without a token, so no class to compare with. */
const isBotConfigError = (error: unknown): error is Error => error instanceof Error && error.name === 'BotConfigError';

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || isBotConfigError(error)) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}

try {
  main();
} catch (error) {
  fail(error);
}
