import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { fileUrl } from './storage.js';

/**
 * Files under this prefix are public (card images, sticker previews); every other key is a file people pay
 * for and is served only through a signed link.
 */
export const PUBLIC_PREFIX = 'previews/';

export const isPublicKey = (key: string) => key.startsWith(PUBLIC_PREFIX);
export const newPreviewKey = () => `${PUBLIC_PREFIX}${randomUUID()}.webp`;

/** The query of a signed link: when it stops working, and the HMAC of the key and that time. */
export interface SignedFileQuery {
  expires?: unknown;
  signature?: unknown;
}

export interface FileUrls {
  /** `/files/<key>?expires=…&signature=…`, working for the configured time from now. */
  sign(key: string): string;
  /** Whether the query is this server's signature for `key` and has not expired. */
  verify(key: string, query: SignedFileQuery): boolean;
  /** Seconds until a verified link expires (how long a client may cache what it got). */
  secondsLeft(query: SignedFileQuery): number;
}

/**
 * Short-lived links to full sticker files, for the pack's owners and its creator. The key is derived from
 * JWT_SECRET for this one purpose, so a file link can never pass as a token or the other way round.
 */
export function createFileUrls(jwtSecret: string, ttlSeconds: number, now: () => Date): FileUrls {
  const secret = createHmac('sha256', jwtSecret).update('stickerdrop:file-urls:v1').digest();
  const mac = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const expiresOf = (query: SignedFileQuery) =>
    typeof query.expires === 'string' && /^\d{1,12}$/.test(query.expires) ? Number(query.expires) : null;

  // A link is the same for every request of one second: an owner's pack page signs each of its stickers,
  // so the second's links are kept (and dropped when it passes) instead of computing each HMAC again.
  let signedSecond = -1;
  let signed = new Map<string, string>();
  return {
    sign(key) {
      const expires = nowSeconds() + ttlSeconds;
      if (expires !== signedSecond) [signedSecond, signed] = [expires, new Map()];
      let link = signed.get(key);
      if (link === undefined) {
        link = `${fileUrl(key)}?expires=${expires}&signature=${mac(key, expires)}`;
        signed.set(key, link);
      }
      return link;
    },
    verify(key, query) {
      const expires = expiresOf(query);
      if (expires === null || expires <= nowSeconds() || typeof query.signature !== 'string') return false;
      const given = Buffer.from(query.signature);
      const expected = Buffer.from(mac(key, expires));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    secondsLeft(query) {
      return Math.max(0, (expiresOf(query) ?? 0) - nowSeconds());
    },
  };
}
