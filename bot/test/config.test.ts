import { describe, expect, it } from 'vitest';
import { loadBotConfig } from '../src/config.js';

describe('loadBotConfig', () => {
  it('needs nothing for a local run: no token, long polling, Telegram’s API', () => {
    const config = loadBotConfig({});
    expect(config).toMatchObject({
      botToken: undefined,
      publicUrl: 'http://localhost:8080',
      telegramApiRoot: 'https://api.telegram.org',
      webhook: undefined,
      databaseUrl: undefined,
      s3: undefined,
    });
  });

  it('reads the API’s S3_* settings, so its own process reads files from the same bucket', () => {
    const config = loadBotConfig({
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_BUCKET: 'stickers',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'stickers',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
    });
  });

  it('reads the shared names and the webhook settings', () => {
    const config = loadBotConfig({
      BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      BOT_USERNAME: '@stickerdrop_bot',
      PUBLIC_URL: 'https://stickerdrop.example/',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      DATABASE_URL: 'postgres://db/stickerdrop',
      BOT_WEBHOOK_URL: 'https://bot.stickerdrop.example/telegram',
      BOT_WEBHOOK_SECRET: 'a-secret-of-at-least-16',
      BOT_WEBHOOK_PORT: '9443',
    });
    expect(config).toMatchObject({
      botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      botUsername: 'stickerdrop_bot',
      publicUrl: 'https://stickerdrop.example',
      telegramApiRoot: 'http://127.0.0.1:8081',
      databaseUrl: 'postgres://db/stickerdrop',
      webhook: { url: 'https://bot.stickerdrop.example/telegram', secret: 'a-secret-of-at-least-16', port: 9443 },
    });
  });

  it.each([
    [{ BOT_TOKEN: 'not-a-token' }, 'Invalid configuration: BOT_TOKEN is not a bot token'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must start with postgres://'],
    [
      { BOT_WEBHOOK_URL: 'http://insecure.example/hook', BOT_WEBHOOK_SECRET: 'a-secret-of-at-least-16' },
      'BOT_WEBHOOK_URL must be an https:// URL',
    ],
    [{ BOT_WEBHOOK_URL: 'https://bot.example/hook' }, 'BOT_WEBHOOK_SECRET is required when BOT_WEBHOOK_URL is set'],
    [{ BOT_WEBHOOK_SECRET: 'short' }, 'BOT_WEBHOOK_SECRET must be 16–256 characters'],
    [
      { S3_ENDPOINT: 'http://minio.internal:9000', S3_BUCKET: 'stickers' },
      'Invalid configuration: S3_ACCESS_KEY_ID is required when S3_ENDPOINT is set',
    ],
  ])('refuses %o with a sentence naming the variable', (env, message) => {
    expect(() => loadBotConfig(env)).toThrow(message);
  });
});
