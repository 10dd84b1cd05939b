import { createRequire } from 'node:module';
import type * as Grammy from 'grammy';
import type { Config } from '@stickerdrop/core';

const require = createRequire(import.meta.url);

/** The API process's Bot API client (Stars invoices, refunds, notices), when a bot token is configured. */
export function botApi(config: Pick<Config, 'botToken' | 'telegramApiRoot'>): Grammy.Api | undefined {
  if (!config.botToken) return undefined;
  // grammy only with a token: without one it was ~75 ms of every start. On Node it is CommonJS, the same
  // module an import would give.
  const grammy = require('grammy') as typeof Grammy;
  return new grammy.Api(config.botToken, { apiRoot: config.telegramApiRoot });
}
