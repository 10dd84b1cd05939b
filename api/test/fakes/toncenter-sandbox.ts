import type http from 'node:http';
import { Address, beginCell, Cell, storeMessage, type Message, type Transaction } from '@ton/core';
import { Blockchain, internal } from '@ton/sandbox';
import { normalizedHash } from '@stickerdrop/core';
import { FakeToncenter, type FakeTransaction } from './toncenter.js';

/**
 * toncenter in front of the TVM emulator: `POST /api/v2/sendBoc` runs the external message in
 * `@ton/sandbox` (the real wallet contract decides, so "sent" means executed or refused as on chain),
 * `GET /api/v3/walletInformation` reads the contract's seqno, and every transaction the emulator ran is
 * served by the v3 transaction routes, with the fields toncenter gives (messages' hash and hash_norm,
 * bodies, compute and action phases). `lag()` holds new transactions and the seqno back, as an indexer
 * behind the chain; `outage(n)` answers the next n requests with 503.
 */
export class SandboxToncenter extends FakeToncenter {
  /** Every BOC posted to sendBoc, in order, whatever the answer. */
  readonly sent: string[] = [];
  private held: FakeTransaction[] | undefined;
  private heldSeqno = new Map<string, number>();
  private outages = 0;
  private sendHold: { when: 'before-run' | 'after-run'; reach(): void; released: Promise<void> } | undefined;

  constructor(
    readonly chain: Blockchain,
    account: string,
  ) {
    super(account);
  }

  /** Sets the emulator's clock and the indexer's block time together (seconds). */
  setTime(seconds: number): void {
    this.chain.now = seconds;
    this.utime = seconds;
  }

  outage(times: number): void {
    this.outages += times;
  }

  /**
   * The next sendBoc waits, before the emulator runs it or after (and before the answer), until released:
   * a test kills the sending process there. One held before running whose client went away never runs.
   */
  holdNextSend(when: 'before-run' | 'after-run'): { reached: Promise<void>; release(): void } {
    let reach = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.sendHold = { when, reach, released };
    return { reached, release };
  }

  /** From now on the index stops at the present state, until `catchUp`. */
  async lag(wallet: Address): Promise<void> {
    this.heldSeqno.set(wallet.toRawString(), await this.liveSeqno(wallet));
    this.held = [];
  }

  catchUp(): void {
    this.transactions.push(...(this.held ?? []));
    this.held = undefined;
    this.heldSeqno.clear();
  }

  /** Runs a message in the emulator and indexes what it did (as a block would). */
  async run(message: Cell): Promise<void> {
    const result = await this.chain.sendMessage(message);
    const indexed = result.transactions.map(indexedTransaction);
    (this.held ?? this.transactions).push(...indexed);
  }

  protected override async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (this.outages > 0) {
      this.outages--;
      return json(res, 503, { ok: false, error: 'service unavailable' });
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/sendBoc') return this.sendBoc(req, res);
    if (url.pathname === '/api/v3/walletInformation') return this.walletInformation(url, res);
    return super.route(req, res);
  }

  private async sendBoc(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { boc } = JSON.parse(Buffer.concat(chunks).toString()) as { boc: string };
    this.sent.push(boc);
    const hold = this.sendHold;
    this.sendHold = undefined;
    if (hold?.when === 'before-run') {
      hold.reach();
      await hold.released;
      if (req.socket.destroyed) return;
    }
    try {
      await this.run(Cell.fromBase64(boc));
      if (hold?.when === 'after-run') {
        hold.reach();
        await hold.released;
      }
    } catch {
      return json(res, 500, {
        ok: false,
        error:
          'LITE_SERVER_UNKNOWN: cannot apply external message to current state : External message was not accepted',
        code: 500,
      });
    }
    json(res, 200, { ok: true, result: { '@type': 'ok' } });
  }

  private async walletInformation(url: URL, res: http.ServerResponse): Promise<void> {
    const address = Address.parse(url.searchParams.get('address') ?? '');
    const held = this.heldSeqno.get(address.toRawString());
    const seqno = held ?? (await this.liveSeqno(address));
    const contract = await this.chain.getContract(address);
    const status = contract.accountState?.type === 'active' || (held ?? 0) > 0 ? 'active' : 'uninit';
    json(res, 200, { status, seqno, balance: contract.balance.toString(), wallet_type: 'wallet v5 r1' });
  }

  private async liveSeqno(address: Address): Promise<number> {
    const contract = await this.chain.getContract(address);
    if (contract.accountState?.type !== 'active') return 0;
    return (await contract.get('seqno')).stackReader.readNumber();
  }
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A sandbox transaction in toncenter v3's shape. */
export function indexedTransaction(tx: Transaction): FakeTransaction {
  const description = tx.description;
  const generic = description.type === 'generic' ? description : undefined;
  const compute = generic?.computePhase;
  const account = tx.inMessage!.info.dest as Address;
  return {
    account: account.toRawString().toUpperCase(),
    hash: tx.hash().toString('base64'),
    lt: tx.lt.toString(),
    now: tx.now,
    description: {
      type: 'ord',
      aborted: generic?.aborted ?? false,
      compute_ph: compute?.type === 'vm' ? { skipped: false, success: compute.success } : { skipped: true },
      action: generic?.actionPhase ? { success: generic.actionPhase.success } : null,
    },
    in_msg: indexedMessage(tx.inMessage!),
    out_msgs: tx.outMessages.values().map(indexedMessage),
  };
}

function indexedMessage(message: Message): Record<string, unknown> {
  const raw = (address: unknown) => (Address.isAddress(address) ? address.toRawString().toUpperCase() : null);
  const info = message.info;
  return {
    hash: beginCell().store(storeMessage(message)).endCell().hash().toString('base64'),
    hash_norm: info.type === 'external-in' ? normalizedHash(message).toString('base64') : null,
    source: info.type === 'external-in' ? null : raw(info.src),
    destination: raw(info.dest),
    value: info.type === 'internal' ? info.value.coins.toString() : null,
    bounce: info.type === 'internal' ? info.bounce : null,
    bounced: info.type === 'internal' ? info.bounced : null,
    message_content: { hash: message.body.hash().toString('base64'), body: message.body.toBoc().toString('base64') },
  };
}

/** The emulator with a wallet's first funds; the contract is deployed by its own first message. */
export async function startSandboxToncenter(
  wallet: Address,
  funds: bigint,
  seconds: number,
): Promise<SandboxToncenter> {
  // Passing meta keeps the sandbox from loading @ton/test-utils (a jest helper this repository does not use).
  const chain = await Blockchain.create({ meta: { get: () => undefined, upsert() {} } });
  const fake = await new SandboxToncenter(chain, wallet.toString()).start();
  fake.setTime(seconds);
  const treasury = await chain.treasury('operator');
  const funding = await chain.sendMessage(
    internal({ from: treasury.address, to: wallet, value: funds, bounce: false }),
  );
  fake.transactions.push(...funding.transactions.map(indexedTransaction));
  return fake;
}
