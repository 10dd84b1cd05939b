import { z } from 'zod';

/**
 * A client of a TON indexer speaking the toncenter v3 HTTP API (`GET /api/v3/transactions`). Only the
 * fields the watcher reads are checked; everything else the indexer sends is ignored.
 */
const Message = z.object({
  hash: z.string(),
  source: z.string().nullable().optional(),
  destination: z.string().nullable().optional(),
  value: z.string().nullable().optional(),
  bounce: z.boolean().nullable().optional(),
  bounced: z.boolean().nullable().optional(),
  message_content: z
    .object({
      body: z.string().nullable().optional(),
      decoded: z
        .object({ type: z.string().optional(), comment: z.string().optional() })
        .passthrough()
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});

const Phase = z.object({ skipped: z.boolean().optional(), success: z.boolean().optional() }).passthrough();

export const IndexedTransaction = z.object({
  account: z.string(),
  hash: z.string(),
  lt: z.string().regex(/^\d+$/),
  now: z.number(),
  description: z
    .object({
      type: z.string(),
      aborted: z.boolean(),
      compute_ph: Phase.optional(),
      action: Phase.nullable().optional(),
    })
    .passthrough(),
  in_msg: Message.nullable().optional(),
  out_msgs: z.array(Message).default([]),
});
export type IndexedTransaction = z.infer<typeof IndexedTransaction>;

const TransactionsResponse = z.object({ transactions: z.array(IndexedTransaction) });

export interface TransactionsQuery {
  account: string;
  /** Inclusive lower bound on logical time. */
  startLt?: bigint;
  /** Inclusive lower bound on the block time, in seconds. */
  startUtime?: number;
  limit: number;
}

export interface TonIndexer {
  /** Transactions of the account, oldest first. */
  transactions(query: TransactionsQuery, signal?: AbortSignal): Promise<IndexedTransaction[]>;
}

export class TonIndexerError extends Error {}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * `baseUrl` is TON_INDEXER_URL: the indexer's root or its `/api/v3`; a query string (an `api_key`) is
 * kept on every request.
 */
export function createTonIndexer(baseUrl: string): TonIndexer {
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/+$/, '');
  const v3 = root.endsWith('/api/v3') ? root : `${root}/api/v3`;
  return {
    async transactions(query, signal) {
      const url = new URL(`${v3}/transactions`, base);
      for (const [key, value] of base.searchParams) url.searchParams.set(key, value);
      url.searchParams.set('account', query.account);
      if (query.startLt !== undefined) url.searchParams.set('start_lt', query.startLt.toString());
      if (query.startUtime !== undefined) url.searchParams.set('start_utime', String(query.startUtime));
      url.searchParams.set('limit', String(query.limit));
      url.searchParams.set('offset', '0');
      url.searchParams.set('sort', 'asc');
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) throw new TonIndexerError(`TON indexer answered ${response.status} for ${url.pathname}`);
      const parsed = TransactionsResponse.safeParse(await response.json());
      if (!parsed.success) throw new TonIndexerError(`TON indexer sent an unexpected shape: ${parsed.error.message}`);
      return parsed.data.transactions;
    },
  };
}
