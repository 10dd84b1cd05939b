import { createRequire } from 'node:module';
import type * as TonLib from '@ton/ton';
import type * as TonCrypto from '@ton/crypto';
import type { Address, Cell, Message } from '@ton/core';
import { tonCore } from '../ton-core.js';
import type { SecretWords } from './secret-words.js';

/** W5 sends at most 255 messages per external message. */
export const MAX_TRANSFERS_PER_MESSAGE = 255;

export interface PayoutTransfer {
  destination: string;
  amountNano: bigint;
  comment: string;
}

export interface SignedMessage {
  /** The external message, base64 BOC. */
  boc: string;
  /** Its normalized hash, base64. */
  hash: string;
}

/** The marketplace's payout wallet: its address and the one thing its key does, signing a batch. */
export interface PayoutWallet {
  address: Address;
  /** Raw form, as stored with each message. */
  raw: string;
  /** TON_NETWORK: which explorer shows its transactions. */
  network: 'mainnet' | 'testnet';
  sign(batch: { seqno: number; validUntil: number; transfers: readonly PayoutTransfer[] }): SignedMessage;
}

const require = createRequire(import.meta.url);

/**
 * The W5 (v5r1) wallet of TON_PAYOUT_MNEMONIC on `network`. @ton/ton and @ton/crypto load only here, when
 * payouts are configured. What it throws never carries the words.
 */
export async function openPayoutWallet(words: SecretWords, network: 'mainnet' | 'testnet'): Promise<PayoutWallet> {
  const { WalletContractV5R1, internal, SendMode } = require('@ton/ton') as typeof TonLib;
  const crypto = require('@ton/crypto') as typeof TonCrypto;
  const { beginCell, external, storeMessage } = tonCore();
  let keys: TonCrypto.KeyPair;
  try {
    keys = await crypto.mnemonicToPrivateKey(words.reveal());
  } catch {
    throw new Error('TON_PAYOUT_MNEMONIC does not give a key');
  }
  const networkGlobalId = network === 'testnet' ? -3 : -239;
  const wallet = WalletContractV5R1.create({ publicKey: keys.publicKey, walletId: { networkGlobalId } });
  return {
    address: wallet.address,
    raw: wallet.address.toRawString(),
    network,
    sign({ seqno, validUntil, transfers }) {
      const body = wallet.createTransfer({
        seqno,
        secretKey: keys.secretKey,
        timeout: validUntil,
        // One transfer that cannot go (a short balance) does not stop the others; the chain shows which went.
        sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
        messages: transfers.map((transfer) =>
          internal({
            to: tonCore().Address.parse(transfer.destination),
            value: transfer.amountNano,
            // Non-bounceable: a creator's new wallet may not be deployed yet, and the money must arrive.
            bounce: false,
            body: transfer.comment,
          }),
        ),
      });
      // The first message deploys the wallet; later ones must not carry the state again.
      const message = external({ to: wallet.address, init: seqno === 0 ? wallet.init : undefined, body });
      const cell = beginCell().store(storeMessage(message)).endCell();
      return { boc: cell.toBoc().toString('base64'), hash: normalizedHash(message).toString('base64') };
    },
  };
}

/**
 * The hash toncenter and explorers index an external message by whatever a relay changed (source, import
 * fee, state init, body inline or in a reference): the standard normalization.
 */
export function normalizedHash(message: Message): Buffer {
  if (message.info.type !== 'external-in') throw new Error('not an external message');
  return tonCore()
    .beginCell()
    .storeUint(2, 2)
    .storeUint(0, 2)
    .storeAddress(message.info.dest)
    .storeCoins(0)
    .storeBit(false)
    .storeBit(true)
    .storeRef(message.body)
    .endCell()
    .hash();
}

/** The body of a stored external message (its signed W5 request). */
export function storedBody(boc: string): Cell {
  const { Cell, loadMessage } = tonCore();
  return loadMessage(Cell.fromBase64(boc).beginParse()).body;
}

/** The seqno a W5 signed request carries (op, wallet id, valid_until, seqno), or undefined for another body. */
export function requestSeqno(body: Cell): number | undefined {
  try {
    const slice = body.beginParse();
    if (slice.loadUint(32) !== 0x7369676e) return undefined;
    slice.skip(64);
    return slice.loadUint(32);
  } catch {
    return undefined;
  }
}
