import { z } from 'zod';

/**
 * What the payout wallet asks of the TON service beyond the indexer's reads: its seqno (v3
 * `walletInformation`) and sending a signed message (v2 `sendBoc`). Same TON_INDEXER_URL, so the same
 * service (and API key) the watcher reads. The BOC is never put in an error or a log line.
 */
export interface TonSender {
  /** `accepted`: the service took it; `rejected`: it will not run now (already run, expired, bad). */
  sendBoc(boc: string, signal?: AbortSignal): Promise<'accepted' | 'rejected'>;
  /** The wallet's seqno as the chain has it; 0 for a wallet not deployed yet. */
  walletSeqno(address: string, signal?: AbortSignal): Promise<number>;
}

/** The service is away or overloaded: the payout job backs off and tries again. */
export class TonServiceError extends Error {}

const WalletInformation = z.object({
  status: z.string().optional(),
  seqno: z.coerce.number().int().min(0).nullable().optional(),
});

const REQUEST_TIMEOUT_MS = 15_000;
/** Answers that mean "not now", not "never": retried with the job's backoff. */
const UNAVAILABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

export function createTonSender(baseUrl: string): TonSender {
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/+$/, '').replace(/\/api\/v[23]$/, '');
  function url(path: string, params: Record<string, string> = {}): URL {
    const target = new URL(`${root}${path}`, base);
    for (const [key, value] of base.searchParams) target.searchParams.set(key, value);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    return target;
  }
  async function call(target: URL, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    try {
      return await fetch(target, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      throw new TonServiceError(`TON service unreachable for ${target.pathname}: ${(error as Error).name}`);
    }
  }
  return {
    async sendBoc(boc, signal) {
      const target = url('/api/v2/sendBoc');
      const body = JSON.stringify({ boc });
      const response = await call(
        target,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        signal,
      );
      if (response.ok) return 'accepted';
      if (UNAVAILABLE.has(response.status) && !(await saysRejected(response))) {
        throw new TonServiceError(`TON service answered ${response.status} for ${target.pathname}`);
      }
      return 'rejected';
    },
    async walletSeqno(address, signal) {
      const target = url('/api/v3/walletInformation', { address, use_v2: 'false' });
      const response = await call(target, { headers: { accept: 'application/json' } }, signal);
      if (!response.ok) throw new TonServiceError(`TON service answered ${response.status} for ${target.pathname}`);
      const parsed = WalletInformation.safeParse(await response.json());
      if (!parsed.success) throw new TonServiceError('TON service sent an unexpected wallet shape');
      return parsed.data.status === 'active' ? (parsed.data.seqno ?? 0) : 0;
    },
  };
}

/**
 * toncenter answers a message the wallet would not accept (already run: its seqno moved; expired) with a
 * 500 whose error names the external message; that is the chain's answer, not an outage.
 */
async function saysRejected(response: Response): Promise<boolean> {
  const text = await response.text().catch(() => '');
  return /external message|cannot apply|exit code|not accepted/i.test(text);
}
