import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@stickerdrop/core';

describe('HTTP server settings', () => {
  it('believes no X-Forwarded-For unless TRUST_PROXY says whom to believe', () => {
    expect(loadConfig({}).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).http.trustProxy).toEqual(['loopback', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).http.trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('times out requests at 60 s and headers at 10 s, keeps idle sockets 72 s; HTTP_*_TIMEOUT overrides', () => {
    expect(loadConfig({}).http).toMatchObject({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
    });
    const set = loadConfig({
      HTTP_REQUEST_TIMEOUT: '2m',
      HTTP_HEADERS_TIMEOUT: '500ms',
      HTTP_KEEP_ALIVE_TIMEOUT: '5s',
    });
    expect(set.http).toMatchObject({ requestTimeoutMs: 120_000, headersTimeoutMs: 500, keepAliveTimeoutMs: 5_000 });
  });

  it.each([
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be true, a hop count or proxy addresses/CIDRs'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'localhost' }, 'TRUST_PROXY'],
    [{ HTTP_REQUEST_TIMEOUT: '30' }, 'HTTP_REQUEST_TIMEOUT must be a duration such as 30s'],
    [{ HTTP_KEEP_ALIVE_TIMEOUT: '0s' }, 'HTTP_KEEP_ALIVE_TIMEOUT must be a duration'],
    [{ HTTP_REQUEST_TIMEOUT: '5s', HTTP_HEADERS_TIMEOUT: '10s' }, 'HTTP_HEADERS_TIMEOUT must not exceed'],
  ])('stops with a sentence naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
