import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('runs locally with nothing set: embedded database, demo on, port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.paymentMethods).toEqual(['ton', 'stripe', 'stars']);
  });

  it('turns demo off by default on a Postgres server, and honours DEMO', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO: 'true' }).demo).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BOT_TOKEN: 'nope' }, 'BOT_TOKEN'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAYMENT_METHODS: 'ton,paypal' }, 'PAYMENT_METHODS'],
    [{ DEMO: 'yes' }, 'DEMO'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), DEMO: '1' }, 'DEMO'],
  ])('stops with a sentence naming the variable for %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
