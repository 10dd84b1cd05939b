import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { Address, beginCell } from '@ton/core';
import { HttpFake, ScriptedFailures, recordRequest } from './http-fake.js';

/**
 * A local TON indexer speaking the toncenter v3 HTTP API (`GET /api/v3/transactions`), on 127.0.0.1.
 * Tests put transactions on "chain" (incoming transfers with text comments, bounces, failures, the
 * wallet's own sends) and the watcher's real HTTP client reads them with the query parameters toncenter
 * takes (account, start_lt, start_utime, limit, offset, sort). Transactions carry the fields toncenter
 * returns, including the message body as a base64 BOC.
 */
export interface FakeTransfer {
  from?: string;
  amountNano: bigint;
  comment?: string | null;
  /** The incoming message is itself a bounce of something the receiver sent. */
  bounced?: boolean;
  /** The transaction was aborted (compute phase failed); with bounce on, the value went back. */
  failed?: boolean;
  /** Block time, seconds; defaults to the fake's clock. */
  utime?: number;
}

export interface RecordedQuery {
  params: Record<string, string>;
  status: number;
  /** How many transactions the answer carried. */
  returned: number;
}

export type FakeTransaction = Record<string, unknown> & { lt: string; hash: string; now: number };

export const SENDER = Address.parse('0:' + 'ab'.repeat(32)).toString({ bounceable: false });

export class FakeToncenter extends HttpFake {
  readonly queries: RecordedQuery[] = [];
  readonly transactions: FakeTransaction[] = [];
  /** Block time given to new transactions (seconds). */
  utime = Math.floor(Date.now() / 1000);
  private nextLt = 47_000_000_000_001n;

  /** The next logical time on this chain (wallet transactions from toncenter-wallet.ts use it too). */
  takeLt(): bigint {
    const lt = this.nextLt;
    this.nextLt += 1_000n;
    return lt;
  }
  private failures = new ScriptedFailures<number>();

  constructor(readonly account: string) {
    super();
  }

  /** TON_INDEXER_URL. */
  get baseUrl(): string {
    return this.url;
  }

  /** The next `times` requests fail with `status` (indexer overloaded or down). */
  fail(status: number, times = 1): void {
    this.failures.add(status, times);
  }

  /** A transfer into the watched account; returns the transaction's hash. */
  transfer(transfer: FakeTransfer): string {
    const raw = Address.parse(this.account).toRawString().toUpperCase();
    const hash = randomBytes(32).toString('base64');
    const lt = this.nextLt;
    this.nextLt += 1_000n;
    const body =
      transfer.comment === null || transfer.comment === undefined
        ? beginCell().endCell()
        : beginCell().storeUint(0, 32).storeStringTail(transfer.comment).endCell();
    const source = Address.parse(transfer.from ?? SENDER)
      .toRawString()
      .toUpperCase();
    const failed = transfer.failed === true;
    this.transactions.push({
      account: raw,
      hash,
      lt: lt.toString(),
      now: transfer.utime ?? this.utime,
      mc_block_seqno: 40_000_000 + this.transactions.length,
      trace_id: hash,
      prev_trans_hash: null,
      prev_trans_lt: null,
      orig_status: 'active',
      end_status: 'active',
      total_fees: '2000000',
      description: {
        type: 'ord',
        aborted: failed,
        destroyed: false,
        credit_first: false,
        storage_ph: { storage_fees_collected: '10', status_change: 'unchanged' },
        credit_ph: { credit: transfer.amountNano.toString() },
        compute_ph: { skipped: false, success: !failed, exit_code: failed ? 33 : 0, vm_steps: 60, gas_used: '1000' },
        ...(failed ? {} : { action: { success: true, valid: true, no_funds: false, result_code: 0 } }),
      },
      in_msg: {
        hash: randomBytes(32).toString('base64'),
        source,
        destination: raw,
        value: transfer.amountNano.toString(),
        fwd_fee: '266669',
        ihr_fee: '0',
        created_lt: (lt - 1n).toString(),
        created_at: String(transfer.utime ?? this.utime),
        opcode: transfer.comment ? '0x00000000' : null,
        ihr_disabled: true,
        bounce: true,
        bounced: transfer.bounced === true,
        import_fee: null,
        message_content: {
          hash: body.hash().toString('base64'),
          body: body.toBoc().toString('base64'),
          decoded: transfer.comment ? { type: 'text_comment', comment: transfer.comment } : null,
        },
        init_state: null,
      },
      out_msgs: failed
        ? [
            {
              hash: randomBytes(32).toString('base64'),
              source: raw,
              destination: source,
              value: (transfer.amountNano - 3_000_000n).toString(),
              bounce: false,
              bounced: true,
              message_content: { hash: '', body: beginCell().endCell().toBoc().toString('base64'), decoded: null },
            },
          ]
        : [],
    });
    return hash;
  }

  /** The receiver wallet's own sending: an external message in, a transfer out. */
  outgoing(amountNano: bigint): string {
    const raw = Address.parse(this.account).toRawString().toUpperCase();
    const hash = randomBytes(32).toString('base64');
    const lt = this.nextLt;
    this.nextLt += 1_000n;
    this.transactions.push({
      account: raw,
      hash,
      lt: lt.toString(),
      now: this.utime,
      description: {
        type: 'ord',
        aborted: false,
        compute_ph: { skipped: false, success: true },
        action: { success: true },
      },
      in_msg: { hash: randomBytes(32).toString('base64'), source: null, destination: raw, value: null },
      out_msgs: [
        { hash: randomBytes(32).toString('base64'), source: raw, destination: SENDER, value: amountNano.toString() },
      ],
    });
    return hash;
  }

  protected route(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const params = Object.fromEntries(url.searchParams);
    const query: RecordedQuery = { params, status: 0, returned: 0 };
    const reply = recordRequest(this.queries, query, res);
    const byMessage = url.pathname === '/api/v3/transactionsByMessage';
    if (req.method !== 'GET' || (url.pathname !== '/api/v3/transactions' && !byMessage)) {
      return reply(404, { error: 'not found' });
    }
    const failure = this.failures.next();
    if (failure) return reply(failure, { error: 'rate limit exceeded' });
    if (byMessage) {
      // direction=out: the transaction that sent the message; in: the one that received it.
      const hash = params.msg_hash ?? '';
      const found = this.transactions.filter((tx) =>
        params.direction === 'in'
          ? // An external message is found by its normalized hash too, as toncenter does.
            [
              (tx.in_msg as { hash?: string } | undefined)?.hash,
              (tx.in_msg as { hash_norm?: string } | undefined)?.hash_norm,
            ].includes(hash)
          : ((tx.out_msgs ?? []) as Array<{ hash: string }>).some((out) => out.hash === hash),
      );
      query.returned = found.length;
      return reply(200, { transactions: found, address_book: {} });
    }
    let account: string;
    try {
      account = Address.parse(params.account ?? '').toRawString();
    } catch {
      return reply(422, { error: 'invalid account' });
    }
    const startLt = params.start_lt ? BigInt(params.start_lt) : 0n;
    const startUtime = params.start_utime ? Number(params.start_utime) : 0;
    const limit = Math.min(Number(params.limit ?? 10), 1000);
    const offset = Number(params.offset ?? 0);
    const matching = this.transactions
      .filter((tx) => Address.parse(String(tx.account)).toRawString() === account)
      .filter((tx) => BigInt(tx.lt) >= startLt && tx.now >= startUtime)
      .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));
    const ordered = params.sort === 'desc' ? matching.reverse() : matching;
    const transactions = ordered.slice(offset, offset + limit);
    query.returned = transactions.length;
    reply(200, { transactions, address_book: {} });
  }
}

export async function startFakeToncenter(account: string): Promise<FakeToncenter> {
  return new FakeToncenter(account).start();
}
