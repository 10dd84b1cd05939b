import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, environment, loadConfig } from '@stickerdrop/core';

const S3 = {
  S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
  S3_BUCKET: 'stickers',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('configuration', () => {
  it('runs locally with nothing set: embedded database, demo on, port 8080, files on disk', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.paymentMethods).toEqual(['ton', 'stripe', 'stars']);
  });

  it('turns demo off by default on a Postgres server, and honours DEMO', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO: 'true' }).demo).toBe(true);
  });

  it('stores files in the S3 bucket when S3_* is configured; the region defaults to R2’s "auto"', () => {
    expect(loadConfig(S3).s3).toEqual({
      endpoint: 'https://account.r2.cloudflarestorage.com',
      bucket: 'stickers',
      region: 'auto',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...S3, S3_REGION: 'eu-west-1' }).s3?.region).toBe('eu-west-1');
  });

  it('has a rate limit for each kind of write, in memory unless REDIS_URL is set; RATE_LIMIT_* overrides', () => {
    const defaults = loadConfig({}).rateLimits;
    expect(defaults.redisUrl).toBeUndefined();
    expect(defaults.limits.buy).toEqual({ max: 20, windowMs: 60_000 });
    expect(defaults.limits.upload).toEqual({ max: 20, windowMs: 3_600_000 });
    const set = loadConfig({
      REDIS_URL: 'redis://cache:6379/2',
      RATE_LIMIT_BUY: '5/10s',
      RATE_LIMIT_SIGN_IN: ' 100 / 2h ',
    });
    expect(set.rateLimits.redisUrl).toBe('redis://cache:6379/2');
    expect(set.rateLimits.limits.buy).toEqual({ max: 5, windowMs: 10_000 });
    expect(set.rateLimits.limits.signIn).toEqual({ max: 100, windowMs: 7_200_000 });
    expect(loadConfig({ RATE_LIMIT_LIKE: '' }).rateLimits.limits.like).toEqual(defaults.limits.like);
  });

  it('locks Stars editions for STARS_RESALE_LOCK_DAYS, 21 unless set', () => {
    expect(loadConfig({}).starsResaleLockDays).toBe(21);
    expect(loadConfig({ STARS_RESALE_LOCK_DAYS: '7' }).starsResaleLockDays).toBe(7);
    expect(loadConfig({ STARS_RESALE_LOCK_DAYS: '0' }).starsResaleLockDays).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ STARS_RESALE_LOCK_DAYS: '-1' }, 'STARS_RESALE_LOCK_DAYS'],
    [{ STARS_RESALE_LOCK_DAYS: '1.5' }, 'STARS_RESALE_LOCK_DAYS'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL must start with redis://'],
    [{ RATE_LIMIT_BUY: '20' }, 'RATE_LIMIT_BUY must look like 20/1m'],
    [{ RATE_LIMIT_WRITE: '0/1m' }, 'RATE_LIMIT_WRITE must look like 20/1m'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BOT_TOKEN: 'nope' }, 'BOT_TOKEN'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAYMENT_METHODS: 'ton,paypal' }, 'PAYMENT_METHODS'],
    [{ DEMO: 'yes' }, 'DEMO'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DEMO: '1' }, 'DEMO'],
    [{ S3_ENDPOINT: 'ftp://files.example' }, 'S3_ENDPOINT must be an http(s):// URL'],
    [{ S3_BUCKET: 'Stickers_Bucket' }, 'S3_BUCKET is not a valid bucket name'],
    [{ S3_BUCKET: 'stickers' }, 'S3_ENDPOINT is required when S3_BUCKET is set'],
    [{ ...S3, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID is required when S3_ENDPOINT is set'],
    [{ ...S3, S3_SECRET_ACCESS_KEY: undefined }, 'S3_SECRET_ACCESS_KEY is required when S3_ENDPOINT is set'],
    [{ S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ENDPOINT is required when S3_SECRET_ACCESS_KEY is set'],
  ])('stops with a sentence naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('.env', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickerdrop-env-'));
  const file = path.join(dir, '.env');
  const names = ['STICKERDROP_ENV_TEST_PORT', 'STICKERDROP_ENV_TEST_SET', 'STICKERDROP_ENV_TEST_QUOTED'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it('is read into the environment when present; a variable already set wins over the file', () => {
    fs.writeFileSync(
      file,
      [
        '# a comment',
        'STICKERDROP_ENV_TEST_PORT=9123',
        'STICKERDROP_ENV_TEST_SET=from-file',
        'STICKERDROP_ENV_TEST_QUOTED="two words"',
      ].join('\n'),
    );
    process.env.STICKERDROP_ENV_TEST_SET = 'from-shell';
    const env = environment(file);
    expect(env.STICKERDROP_ENV_TEST_PORT).toBe('9123');
    expect(env.STICKERDROP_ENV_TEST_QUOTED).toBe('two words');
    expect(env.STICKERDROP_ENV_TEST_SET).toBe('from-shell');
  });

  it('feeds loadConfig, which reads it by default', () => {
    const before = { PORT: process.env.PORT, DEMO: process.env.DEMO };
    delete process.env.PORT;
    delete process.env.DEMO;
    fs.writeFileSync(file, 'PORT=9124\nDEMO=0\n');
    try {
      expect(loadConfig(environment(file))).toMatchObject({ port: 9124, demo: false });
    } finally {
      // loadEnvFile wrote into this test runner's own environment.
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('is optional: no file, no error', () => {
    expect(() => environment(path.join(dir, 'missing.env'))).not.toThrow();
  });
});
