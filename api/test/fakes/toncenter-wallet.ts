import { randomBytes } from 'node:crypto';
import { Address, loadMessageRelaxed, type Cell } from '@ton/core';
import { signVerify } from '@ton/crypto';
import type { FakeToncenter, FakeTransaction } from './toncenter.js';

/**
 * What the chain does with a v4 wallet's signed transfer (the external message body a wallet app sends):
 * the wallet contract checks the signature, the subwallet id and valid_until, then sends each message;
 * the fake records the wallet's transaction (external in, internal messages out) and, for each message to
 * the watched account, that account's incoming transaction carrying the same message (same hash), so the
 * watcher can find the sender's transaction with transactionsByMessage, as on toncenter.
 */
export function sendWalletTransfer(
  chain: FakeToncenter,
  wallet: { address: Address; publicKey: Buffer; walletId: number },
  signedBody: Cell,
): { walletTx: string; incoming: string[] } {
  const body = signedBody.beginParse();
  const signature = body.loadBuffer(64);
  const signed = body.asCell();
  if (!signVerify(signed.hash(), signature, wallet.publicKey)) throw new Error('wallet: bad signature (exit 35)');
  if (body.loadUint(32) !== wallet.walletId) throw new Error('wallet: wrong subwallet (exit 35)');
  if (body.loadUint(32) <= chain.utime) throw new Error('wallet: message expired (exit 36)');
  body.loadUint(32); // seqno
  if (body.loadUint(8) !== 0) throw new Error('wallet: not a simple send');
  const sent: Array<{ hash: string; destination: Address; value: bigint; body: Cell }> = [];
  while (body.remainingRefs > 0) {
    body.loadUint(8); // send mode
    const message = loadMessageRelaxed(body.loadRef().beginParse());
    if (message.info.type !== 'internal') continue;
    const hash = randomBytes(32).toString('base64');
    sent.push({ hash, destination: message.info.dest, value: message.info.value.coins, body: message.body });
  }
  const raw = (address: Address) => address.toRawString().toUpperCase();
  const walletTx = newTransaction(chain, raw(wallet.address), {
    in_msg: { hash: randomBytes(32).toString('base64'), source: null, destination: raw(wallet.address), value: null },
    out_msgs: sent.map((m) => ({
      hash: m.hash,
      source: raw(wallet.address),
      destination: raw(m.destination),
      value: m.value.toString(),
      bounce: false,
      bounced: false,
      message_content: { body: m.body.toBoc().toString('base64') },
    })),
  });
  const watched = Address.parse(chain.account);
  const incoming = sent
    .filter((m) => m.destination.equals(watched))
    .map((m) =>
      newTransaction(chain, raw(watched), {
        in_msg: {
          hash: m.hash,
          source: raw(wallet.address),
          destination: raw(watched),
          value: m.value.toString(),
          bounce: true,
          bounced: false,
          message_content: { body: m.body.toBoc().toString('base64') },
        },
        out_msgs: [],
      }),
    );
  return { walletTx, incoming };
}

function newTransaction(chain: FakeToncenter, account: string, messages: Partial<FakeTransaction>): string {
  const hash = randomBytes(32).toString('base64');
  chain.transactions.push({
    account,
    hash,
    lt: chain.takeLt().toString(),
    now: chain.utime,
    description: {
      type: 'ord',
      aborted: false,
      compute_ph: { skipped: false, success: true, exit_code: 0 },
      action: { success: true, valid: true, result_code: 0 },
    },
    ...messages,
  });
  return hash;
}
