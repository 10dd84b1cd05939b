/**
 * `npm start`: the whole marketplace in one process — the API with the mini-app and, when BOT_TOKEN is
 * set, the bot. With no configuration it runs on an embedded Postgres (PGlite) in DATA_DIR.
 */
import { BotConfigError, loadBotConfig, startBot } from '@stickerdrop/bot';
import { ConfigError, DataDirLockedError, loadConfig, stopOnSignals } from '@stickerdrop/core';
import { startServer } from '@stickerdrop/api';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const log = server.app.log;
  // Without BOT_TOKEN, startBot says so and runs nothing.
  const bot = await startBot({
    config: { ...config, webhook: loadBotConfig().webhook },
    db: server.database.db,
    storage: server.storage,
    log,
  });

  log.info(
    { url: config.publicUrl, database: server.database.kind, demo: config.demo },
    `Stickerdrop is running: open ${config.publicUrl}`,
  );

  stopOnSignals(log, async () => {
    await bot.stop();
    await server.stop();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BotConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
