import { afterEach, describe, expect, it } from 'vitest';
import { type Config, type TrustProxy } from '@stickerdrop/core';
import { testConfig } from '@stickerdrop/core/testing';
import { buildTestApp, rateLimitsWith, type TestApp } from '../helpers.js';

/**
 * The rate limits count per client address, so who may name that address matters. `inject` sets the
 * remote address by hand; a listening server shows what a real client on a socket can claim.
 */
describe('client address behind TRUST_PROXY', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  async function listening(trustProxy: TrustProxy): Promise<string> {
    const config: Partial<Config> = {
      ...rateLimitsWith({ signIn: { max: 3, windowMs: 60_000 } }),
      http: { ...testConfig().http, trustProxy },
    };
    const t = await buildTestApp({ config });
    apps.push(t);
    return t.app.listen({ port: 0, host: '127.0.0.1' });
  }

  /** Demo sign-ins, each claiming a new address in X-Forwarded-For. */
  async function signInsFromClaimedAddresses(url: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 1; i <= count; i++) {
      const res = await fetch(`${url}/api/auth/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        body: JSON.stringify({ as: 'collector' }),
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('ignores X-Forwarded-For by default: every request counts against the socket’s own address', async () => {
    const url = await listening(testConfig().http.trustProxy);
    expect(await signInsFromClaimedAddresses(url, 5)).toEqual([200, 200, 200, 429, 429]);
  });

  it('ignores it from a peer outside the listed proxy ranges', async () => {
    const url = await listening(['10.0.0.0/8', '192.168.1.1']);
    expect(await signInsFromClaimedAddresses(url, 4)).toEqual([200, 200, 200, 429]);
  });

  it('honours it with TRUST_PROXY=1 (one proxy in front), each claimed address counted on its own', async () => {
    const url = await listening(1);
    expect(await signInsFromClaimedAddresses(url, 5)).toEqual([200, 200, 200, 200, 200]);
  });

  it('honours it from a listed proxy address', async () => {
    const url = await listening(['127.0.0.1/32']);
    expect(await signInsFromClaimedAddresses(url, 5)).toEqual([200, 200, 200, 200, 200]);
  });
});
