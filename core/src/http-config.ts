import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which X-Forwarded-For hops to believe: none (false), all (true), the last N hops, or only hops from these
 * proxy addresses and CIDR ranges. Fastify's `trustProxy` takes each of these forms as it is.
 */
export type TrustProxy = boolean | number | string[];

/** The API's HTTP server: whom it believes about client addresses, and how long a client may hold a socket. */
export interface HttpSettings {
  trustProxy: TrustProxy;
  /** The whole request, headers and body, must arrive within this; else 408 and the socket is closed. */
  requestTimeoutMs: number;
  /** The headers alone must arrive within this. */
  headersTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
}

const DURATION_UNIT_MS = { ms: 1, s: 1_000, m: 60_000 } as const;

/** A duration such as `30s`, `500ms` or `2m`. */
const duration = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx): number => {
      const match = /^\s*(\d+)\s*(ms|s|m)\s*$/.exec(value || fallback);
      const ms = match ? Number(match[1]) * DURATION_UNIT_MS[match[2] as keyof typeof DURATION_UNIT_MS] : 0;
      if (ms < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 30s, 500ms or 2m' });
        return z.NEVER;
      }
      return ms;
    });

/** proxy-addr's names for the private ranges, e.g. a proxy in the same Docker network (uniquelocal). */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset, `false` or `0` believe no header; `true`; a hop count; or proxies' addresses/CIDRs. */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') return true;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrCidr(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, a hop count or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas ("${bad}" is none of these)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The variables behind `HttpSettings`, spread into the API's environment schema. */
export const httpEnvFields = {
  TRUST_PROXY: trustProxy,
  // Long enough for a pack upload (up to 50 images of 5 MB) from a phone; a body trickled in a byte at a
  // time holds the socket no longer than this.
  HTTP_REQUEST_TIMEOUT: duration('60s'),
  HTTP_HEADERS_TIMEOUT: duration('10s'),
  // Longer than the idle timeout of common load balancers (60 s on AWS): the proxy closes first, so it
  // never sends a request on a socket this server is closing.
  HTTP_KEEP_ALIVE_TIMEOUT: duration('72s'),
};
type HttpEnv = z.infer<z.ZodObject<typeof httpEnvFields>>;

/** Node refuses a headers timeout longer than the request timeout it belongs to. */
export function requireHeadersWithinRequest(env: HttpEnv, ctx: z.RefinementCtx): void {
  if (env.HTTP_HEADERS_TIMEOUT > env.HTTP_REQUEST_TIMEOUT) {
    ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT'], message: 'must not exceed HTTP_REQUEST_TIMEOUT' });
  }
}

export function httpSettings(env: HttpEnv): HttpSettings {
  return {
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT,
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT,
  };
}
