import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '@stickerdrop/shared';
import { createAccessTokens } from '@stickerdrop/core';

const SECRET = 'a'.repeat(64);
const T0 = new Date('2026-11-24T12:00:00.000Z');
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens (HS256 on node:crypto)', () => {
  const tokens = createAccessTokens(SECRET, () => T0);

  it('reads back the user it was signed for', async () => {
    expect(await tokens.verify(await tokens.sign(42))).toBe(42);
  });

  it('is a standard JWT: jose verifies ours, and we verify what jose signs with the same secret', async () => {
    const ours = await tokens.sign(42);
    const { payload, protectedHeader } = await jwtVerify(ours, key, { algorithms: ['HS256'], currentDate: T0 });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toEqual({ sub: '42', iat: T0.getTime() / 1000, exp: T0.getTime() / 1000 + ACCESS_TOKEN_TTL_S });

    const theirs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt(T0)
      .setExpirationTime(T0.getTime() / 1000 + 60)
      .sign(key);
    expect(await tokens.verify(theirs)).toBe(7);
  });

  it('expires when the clock reaches exp, as jose does', async () => {
    const token = await tokens.sign(42);
    const at = (ms: number) => createAccessTokens(SECRET, () => new Date(T0.getTime() + ms));
    expect(await at(ACCESS_TOKEN_TTL_S * 1000 - 1).verify(token)).toBe(42);
    expect(await at(ACCESS_TOKEN_TTL_S * 1000).verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const other = createAccessTokens('b'.repeat(64), () => T0);
    expect(await tokens.verify(await other.sign(42))).toBeNull();
  });

  it('refuses a changed payload or signature, and a signature that only decodes to the right bytes', async () => {
    const [header, payload, signature] = (await tokens.sign(42)).split('.') as [string, string, string];
    const raised = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' });
    expect(await tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, 5) + (signature[5] === 'A' ? 'B' : 'A') + signature.slice(6);
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    // Node's base64url decoder skips characters outside the alphabet: the bytes match, the text does not.
    expect(await tokens.verify(`${header}.${payload}.${signature}!`)).toBeNull();
  });

  it('refuses every other header: alg none, another algorithm, or extra fields', async () => {
    const payload = b64({ sub: '42', iat: T0.getTime() / 1000, exp: T0.getTime() / 1000 + 60 });
    expect(await tokens.verify(`${b64({ alg: 'none' })}.${payload}.`)).toBeNull();
    for (const header of [{ alg: 'HS512' }, { alg: 'HS256', typ: 'JWT' }, { alg: 'HS256', crit: ['b64'] }]) {
      const signed = await new SignJWT({ sub: '42' })
        .setProtectedHeader(header as { alg: string })
        .setExpirationTime(T0.getTime() / 1000 + 60)
        .sign(key)
        .catch(() => `${b64(header)}.${payload}.x`);
      expect(await tokens.verify(signed)).toBeNull();
    }
  });

  it('refuses malformed tokens and claims', async () => {
    for (const text of ['', 'not.a.jwt', 'a.b', `${await tokens.sign(42)}.extra`]) {
      expect(await tokens.verify(text)).toBeNull();
    }
    const forge = (claims: unknown) => {
      const signingInput = `${b64({ alg: 'HS256' })}.${typeof claims === 'string' ? Buffer.from(claims).toString('base64url') : b64(claims)}`;
      return `${signingInput}.${createHmac('sha256', SECRET).update(signingInput).digest('base64url')}`;
    };
    const exp = T0.getTime() / 1000 + 60;
    expect(await tokens.verify(forge({ sub: '42', exp }))).toBe(42);
    expect(await tokens.verify(forge('{not json'))).toBeNull();
    expect(await tokens.verify(forge({ sub: 42, exp }))).toBeNull();
    expect(await tokens.verify(forge({ sub: 'grace', exp }))).toBeNull();
    expect(await tokens.verify(forge({ sub: '42' }))).toBeNull();
    expect(await tokens.verify(forge({ sub: '42', exp: String(exp) }))).toBeNull();
  });
});
