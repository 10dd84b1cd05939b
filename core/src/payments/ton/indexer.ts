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
  /**
   * `GET /transactionsByMessage?msg_hash=…&direction=out`: the transaction that sent the message (`in`:
   * the one that received it). A resale's fee leg leads to the buyer's wallet transaction and its other legs.
   */
  transactionsByMessage(msgHash: string, direction: 'in' | 'out', signal?: AbortSignal): Promise<IndexedTransaction[]>;
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
  async function get(path: string, params: Record<string, string>, signal?: AbortSignal) {
    const url = new URL(`${v3}/${path}`, base);
    for (const [key, value] of base.searchParams) url.searchParams.set(key, value);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new TonIndexerError(`TON indexer answered ${response.status} for ${url.pathname}`);
    const parsed = TransactionsResponse.safeParse(await response.json());
    if (!parsed.success) throw new TonIndexerError(`TON indexer sent an unexpected shape: ${parsed.error.message}`);
    return parsed.data.transactions;
  }
  return {
    transactions(query, signal) {
      const params: Record<string, string> = { account: query.account };
      if (query.startLt !== undefined) params.start_lt = query.startLt.toString();
      if (query.startUtime !== undefined) params.start_utime = String(query.startUtime);
      return get('transactions', { ...params, limit: String(query.limit), offset: '0', sort: 'asc' }, signal);
    },
    transactionsByMessage(msgHash, direction, signal) {
      return get('transactionsByMessage', { msg_hash: msgHash, direction, limit: '10', offset: '0' }, signal);
    },
  };
}
