import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '@stickerdrop/shared';

/**
 * Short-lived HS256 access tokens; `sub` is the user id. Time comes from the app's clock so tests can
 * move it and see a token expire.
 */
export function createAccessTokens(secret: string, now: () => Date = () => new Date()) {
  // Imported once: given raw bytes, jose imports a key on every sign and verify (a CPU profile of the
  // signed-in reads showed it).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(userId: number): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
        .sign(await key);
    },
    /** The user id, or null for a token that is forged, expired or malformed. */
    async verify(token: string): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now() });
        const userId = Number(payload.sub);
        return Number.isSafeInteger(userId) ? userId : null;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
