import type { PayoutMessageRow } from '../db/schema.js';
import type { IndexedTransaction } from '../payments/ton/indexer.js';
import { tonCore } from '../ton-core.js';
import { FATE_GRACE_SECONDS, type PayoutDeps } from './deps.js';
import { requestSeqno, storedBody } from './wallet.js';

/** What the chain says of a signed message: it ran (in this transaction), it never will, or not yet known. */
export type MessageFate = { kind: 'landed'; tx: IndexedTransaction } | { kind: 'missed' } | { kind: 'unknown' };

/** How far back from the signing a scan of the wallet's transactions starts (clocks differ a little). */
const SCAN_SLACK_SECONDS = 60;
const SCAN_LIMIT = 256;

/**
 * Reads the message's fate from the chain. Landed: the service finds it by its normalized hash, or the
 * wallet's transaction with its body. Missed: the wallet ran another message with its seqno, or its
 * valid_until (plus a grace for an indexer behind) passed with the wallet's seqno not past it, so the
 * wallet will refuse it from now on. Anything else is unknown, and the message is not given up.
 */
export async function readFate(deps: PayoutDeps, message: PayoutMessageRow): Promise<MessageFate> {
  const { indexer, sender, wallet } = deps;
  const byHash = await indexer.transactionsByMessage(message.hash, 'in');
  const found = byHash.find((tx) => tonCore().Address.parse(tx.account).equals(wallet.address));
  if (found) return { kind: 'landed', tx: found };
  const seqno = await sender.walletSeqno(wallet.raw);
  if (seqno > message.seqno) return findBySeqno(deps, message);
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const validUntil = Math.floor(message.validUntil.getTime() / 1000);
  return nowSeconds > validUntil + FATE_GRACE_SECONDS ? { kind: 'missed' } : { kind: 'unknown' };
}

/** The seqno moved past the message: the wallet's transaction that used the seqno says whether it was ours. */
async function findBySeqno(deps: PayoutDeps, message: PayoutMessageRow): Promise<MessageFate> {
  const ours = storedBody(message.boc).hash();
  const transactions = await deps.indexer.transactions({
    account: deps.wallet.raw,
    startUtime: Math.floor(message.signedAt.getTime() / 1000) - SCAN_SLACK_SECONDS,
    limit: SCAN_LIMIT,
  });
  for (const tx of transactions) {
    const body = externalBody(tx);
    if (!body) continue;
    if (body.hash().equals(ours)) return { kind: 'landed', tx };
    if (requestSeqno(body) === message.seqno) return { kind: 'missed' };
  }
  deps.log.warn(
    { payoutMessage: message.id, seqno: message.seqno },
    'payout wallet seqno moved; its message not found yet',
  );
  return { kind: 'unknown' };
}

function externalBody(tx: IndexedTransaction) {
  const message = tx.in_msg;
  if (!message || message.source || !message.message_content?.body) return undefined;
  try {
    return tonCore().Cell.fromBase64(message.message_content.body);
  } catch {
    return undefined;
  }
}
