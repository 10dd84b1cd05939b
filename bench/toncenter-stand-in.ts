/**
 * A TON indexer for `npm run bench:drop`'s TON rail: the toncenter v3 `GET /api/v3/transactions` the watcher
 * polls (TON_INDEXER_URL), holding the receiver's incoming transfers as the chain would once they are in a
 * block, oldest first by logical time. It runs in the buyers' process, so its work is not the server's.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transfer a buyer's wallet sent: what the order's payment instructions asked for. */
export interface Transfer {
  sender: string;
  receiver: string;
  amountNano: string;
  /** The message body, base64 BOC (op 0 and the comment), as the instructions gave it. */
  body: string;
  comment: string;
}

export interface ToncenterStandIn {
  /** TON_INDEXER_URL for the server. */
  indexerUrl: string;
  /** The transfer is in a block from now on; when it landed (ms since the epoch) is kept by its comment. */
  land(transfer: Transfer): void;
  landedAt: Map<string, number>;
  close(): Promise<void>;
}

interface IndexedTransfer {
  account: string;
  hash: string;
  lt: string;
  now: number;
  description: object;
  in_msg: object;
  out_msgs: [];
}

export async function startToncenterStandIn(): Promise<ToncenterStandIn> {
  const chain: IndexedTransfer[] = [];
  let nextLt = 48_000_000_000_000n;
  const landedAt = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://indexer');
    const transactions = url.pathname.endsWith('/transactions') ? page(chain, url.searchParams) : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ transactions }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    indexerUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    landedAt,
    land(transfer) {
      nextLt += 2n;
      chain.push(indexed(transfer, nextLt));
      landedAt.set(transfer.comment, Date.now());
    },
    close: () => new Promise((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

/** `limit` transactions from `start_lt` or `start_utime` on, oldest first (the watcher asks `sort=asc`). */
function page(chain: IndexedTransfer[], params: URLSearchParams): IndexedTransfer[] {
  const startLt = params.has('start_lt') ? BigInt(params.get('start_lt')!) : null;
  const startUtime = Number(params.get('start_utime') ?? 0);
  const limit = Number(params.get('limit') ?? 10);
  const from = startLt === null ? 0 : firstAtOrAfter(chain, startLt);
  const out: IndexedTransfer[] = [];
  for (let i = from; i < chain.length && out.length < limit; i++) {
    if (chain[i]!.now >= startUtime) out.push(chain[i]!);
  }
  return out;
}

function firstAtOrAfter(chain: IndexedTransfer[], lt: bigint): number {
  let low = 0;
  let high = chain.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (BigInt(chain[middle]!.lt) < lt) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The receiver's transaction for an incoming transfer, in toncenter v3's shape. */
function indexed(transfer: Transfer, lt: bigint): IndexedTransfer {
  return {
    account: transfer.receiver,
    hash: randomBytes(32).toString('base64'),
    lt: lt.toString(),
    now: Math.floor(Date.now() / 1000),
    description: {
      type: 'ord',
      aborted: false,
      compute_ph: { skipped: false, success: true },
      action: { success: true },
    },
    in_msg: {
      hash: randomBytes(32).toString('base64'),
      source: transfer.sender,
      destination: transfer.receiver,
      value: transfer.amountNano,
      bounce: true,
      bounced: false,
      message_content: { body: transfer.body, decoded: { type: 'text_comment', comment: transfer.comment } },
    },
    out_msgs: [],
  };
}
