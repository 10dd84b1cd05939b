import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from '../../api/test/fakes/bot-api.js';
import { startTestServer, type TestServer } from './app-server';
import { launchChromium } from './browser';

export interface BotApiSuite {
  server: TestServer;
  browser: Browser;
  /** The Bot API the API asks for prepared share messages: a local stand-in that records the calls. */
  telegram: FakeBotApi;
}

/** A describe block's server, whose API talks to a stand-in Bot API, and its Chromium; all closed after it. */
export function botApiSuite(): BotApiSuite {
  const suite = {} as BotApiSuite;
  beforeAll(async () => {
    suite.telegram = await startFakeBotApi();
    suite.server = await startTestServer({ telegramApiRoot: suite.telegram.apiRoot });
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.telegram?.close();
  });
  return suite;
}
