import { tonCore } from '../../ton-core.js';
import type { IndexedTransaction } from './indexer.js';

/** A transfer of TON into the receiver that the chain accepted: the only kind of transaction that can pay. */
export interface IncomingTransfer {
  hash: string;
  /** The incoming message's own hash: toncenter's transactionsByMessage finds the sender's transaction by it. */
  messageHash: string;
  lt: bigint;
  amountNano: bigint;
  sender: string;
  /** The text comment, trimmed; null when the message carries none. */
  comment: string | null;
}

/**
 * The transfer a transaction of the receiver received, or null when it is not a successful incoming
 * transfer: an external message (the wallet's own sending), a bounce coming back, a transaction that was
 * aborted or failed in its compute or action phase, or one that bounced the money back to the sender.
 */
export function incomingTransfer(tx: IndexedTransaction): IncomingTransfer | null {
  const message = tx.in_msg;
  if (!message?.source || !message.value) return null;
  if (message.bounced) return null;
  const { description } = tx;
  if (description.type !== 'ord' || description.aborted) return null;
  if (description.compute_ph && !description.compute_ph.skipped && description.compute_ph.success !== true) return null;
  if (description.action && description.action.success === false) return null;
  if (tx.out_msgs.some((out) => out.bounced)) return null;
  if (!/^\d+$/.test(message.value)) return null;
  return {
    hash: tx.hash,
    messageHash: message.hash,
    lt: BigInt(tx.lt),
    amountNano: BigInt(message.value),
    sender: message.source,
    comment: commentOf(message.message_content),
  };
}

/** A text comment is a body of op 0 (32 zero bits) followed by UTF-8 text; the BOC is read, not the indexer's decoding. */
export function commentOf(content: { body?: string | null; decoded?: { comment?: string } | null } | null | undefined) {
  if (content?.body) {
    try {
      const slice = tonCore().Cell.fromBase64(content.body).beginParse();
      if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
      return slice.loadStringTail().trim();
    } catch {
      return null;
    }
  }
  return content?.decoded?.comment?.trim() ?? null;
}

/** Addresses compare by workchain and hash, whatever form (raw, bounceable, test-only) they are written in. */
export function sameAddress(a: string, b: string): boolean {
  try {
    const { Address } = tonCore();
    return Address.parse(a).equals(Address.parse(b));
  } catch {
    return false;
  }
}

/** An address in the raw form `0:<hex>` (lower case) the ledger keeps; null when it does not parse. */
export function rawAddressOf(address: string): string | null {
  try {
    return tonCore().Address.parse(address).toRawString();
  } catch {
    return null;
  }
}
