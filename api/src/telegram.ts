import { Api } from 'grammy';
import type { Config } from '@stickerdrop/core';

/** The API process's Bot API client (Stars invoices, refunds, notices), when a bot token is configured. */
export function botApi(config: Pick<Config, 'botToken' | 'telegramApiRoot'>): Api | undefined {
  return config.botToken ? new Api(config.botToken, { apiRoot: config.telegramApiRoot }) : undefined;
}
