import { createHmac, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@stickerdrop/shared';

/** The one header this service writes; any other is refused before its signature is even checked. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * Short-lived HS256 JWTs (RFC 7519); `sub` is the user id and `sid` the session (refresh-token family) it was
 * issued to, so the sessions list can tell the caller's own. Time comes from the app's clock so tests can
 * move it and see a token expire.
 *
 * node:crypto's HMAC instead of jose: jose goes through WebCrypto, whose every verify is an async job
 * (50–140 µs of CPU against 5 µs here), paid on every signed-in request. The format is jose's, and
 * access-token.test.ts checks that each side accepts the other's tokens.
 */
export function createAccessTokens(secret: string, now: () => Date = () => new Date()) {
  const key = Buffer.from(secret);
  const mac = (signingInput: string) => createHmac('sha256', key).update(signingInput).digest();
  /** The user and the session the token was issued to (null for tokens signed without one). */
  function read(token: string): AccessClaims | null {
    const [header, payload, signature, extra] = token.split('.');
    if (header !== HEADER || payload === undefined || signature === undefined || extra !== undefined) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(`${header}.${payload}`);
    // The length first (timingSafeEqual throws on a difference), and the text exactly: base64url decoding
    // skips stray characters, so two texts could decode to the same bytes.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (given.toString('base64url') !== signature) return null;
    const claims = parseClaims(payload);
    // As jose: expired once the clock's whole seconds reach `exp`.
    if (!claims || claims.exp <= Math.floor(now().getTime() / 1000)) return null;
    return { userId: claims.userId, sessionId: claims.sessionId };
  }
  return {
    async sign(userId: number, sessionId?: string): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const claims = {
        sub: String(userId),
        ...(sessionId ? { sid: sessionId } : {}),
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_TTL_S,
      };
      const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${signingInput}.${mac(signingInput).toString('base64url')}`;
    },
    /** The user id, or null for a token that is forged, expired or malformed. */
    async verify(token: string): Promise<number | null> {
      return read(token)?.userId ?? null;
    },
    /** The user and the session the token was issued to; null as for `verify`. */
    async read(token: string): Promise<AccessClaims | null> {
      return read(token);
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

export interface AccessClaims {
  userId: number;
  sessionId: string | null;
}

function parseClaims(payload: string): (AccessClaims & { exp: number }) | null {
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown;
      sid?: unknown;
      exp?: unknown;
    };
    const userId = typeof claims.sub === 'string' ? Number(claims.sub) : NaN;
    if (!Number.isSafeInteger(userId) || typeof claims.exp !== 'number') return null;
    return { userId, sessionId: typeof claims.sid === 'string' ? claims.sid : null, exp: claims.exp };
  } catch {
    return null;
  }
}
