import { createHash, createPublicKey, verify } from 'node:crypto';
import type { Address, Cell, Slice, StateInit } from '@ton/core';
import { tonCore } from '../ton-core.js';
import { createRequire } from 'node:module';
import type * as TonTon from '@ton/ton';
import type { LinkWalletRequest } from '@stickerdrop/shared';

/** A proof older than this is refused (the TON Connect reference backend's window). */
export const TON_PROOF_MAX_AGE_S = 15 * 60;
/** How far ahead of our clock a wallet's clock may run. */
const MAX_CLOCK_SKEW_S = 30;
const TON_PROOF_PREFIX = 'ton-proof-item-v2/';
const TON_CONNECT_PREFIX = 'ton-connect';

const blank = Buffer.alloc(32);
const loadSeqnoKey = (s: Slice) => (s.loadUint(32), s.loadBuffer(32));
const loadSeqnoIdKey = (s: Slice) => (s.loadUint(32), s.loadUint(32), s.loadBuffer(32));
const loadV5Key = (s: Slice) => (s.loadBit(), s.loadUint(32), s.loadUint(32), s.loadBuffer(32));

/**
 * The standard wallets: their code, and where their data keeps the public key. Built on first use, with
 * @ton/ton loaded only then: it is one of the largest modules, and most start-ups never check a proof.
 */
let knownWallets: Array<{ code: Cell; publicKey(data: Slice): Buffer }> | undefined;

function standardWallets(): Array<{ code: Cell; publicKey(data: Slice): Buffer }> {
  if (knownWallets) return knownWallets;
  const ton = createRequire(import.meta.url)('@ton/ton') as typeof TonTon;
  const code = (contract: { create(args: { workchain: number; publicKey: Buffer }): { init: { code: Cell } } }) =>
    contract.create({ workchain: 0, publicKey: blank }).init.code;
  knownWallets = [
    { code: code(ton.WalletContractV1R1), publicKey: loadSeqnoKey },
    { code: code(ton.WalletContractV1R2), publicKey: loadSeqnoKey },
    { code: code(ton.WalletContractV1R3), publicKey: loadSeqnoKey },
    { code: code(ton.WalletContractV2R1), publicKey: loadSeqnoKey },
    { code: code(ton.WalletContractV2R2), publicKey: loadSeqnoKey },
    { code: code(ton.WalletContractV3R1), publicKey: loadSeqnoIdKey },
    { code: code(ton.WalletContractV3R2), publicKey: loadSeqnoIdKey },
    { code: code(ton.WalletContractV4), publicKey: loadSeqnoIdKey },
    { code: code(ton.WalletContractV5R1), publicKey: loadV5Key },
  ];
  return knownWallets;
}

/** The public key a standard wallet's initial state holds, or null for code we do not know. */
export function publicKeyFromStateInit(stateInit: StateInit): Buffer | null {
  if (!stateInit.code || !stateInit.data) return null;
  for (const wallet of standardWallets()) {
    if (!wallet.code.equals(stateInit.code)) continue;
    try {
      return wallet.publicKey(stateInit.data.beginParse());
    } catch {
      return null;
    }
  }
  return null;
}

export type TonProofCheck =
  | { ok: true; address: Address }
  | {
      ok: false;
      reason: 'state_init' | 'unknown_wallet' | 'public_key' | 'address' | 'domain' | 'stale' | 'future' | 'signature';
    };

/**
 * Checks a TON Connect ton_proof as the reference backend does, in its order: the public key comes from
 * the wallet's stateInit (a standard wallet) and equals the claimed one; the address derived from that
 * stateInit equals the claimed one; the domain is ours; the timestamp is fresh and not in the future;
 * and the Ed25519 signature covers sha256(0xffff ‖ "ton-connect" ‖ sha256(message)), where message =
 * "ton-proof-item-v2/" ‖ workchain (u32 BE) ‖ address hash ‖ domain length (u32 LE) ‖ domain ‖
 * timestamp (u64 LE) ‖ payload. Whether the payload is ours and unused is the caller's check.
 */
export function checkTonProof(
  request: LinkWalletRequest,
  expected: { domains: readonly string[]; now: Date },
): TonProofCheck {
  const { proof } = request;
  let stateInit: StateInit;
  let claimed: Address;
  try {
    stateInit = tonCore().loadStateInit(tonCore().Cell.fromBase64(proof.stateInit).beginParse());
    claimed = tonCore().Address.parse(request.walletAddress);
  } catch {
    return { ok: false, reason: 'state_init' };
  }
  const publicKey = publicKeyFromStateInit(stateInit);
  if (!publicKey) return { ok: false, reason: 'unknown_wallet' };
  if (!publicKey.equals(Buffer.from(request.publicKey, 'hex'))) return { ok: false, reason: 'public_key' };
  const address = tonCore().contractAddress(claimed.workChain, stateInit);
  if (!address.equals(claimed)) return { ok: false, reason: 'address' };

  const domain = Buffer.from(proof.domain.value, 'utf8');
  if (!expected.domains.includes(proof.domain.value) || proof.domain.lengthBytes !== domain.length) {
    return { ok: false, reason: 'domain' };
  }
  const nowS = Math.floor(expected.now.getTime() / 1000);
  if (nowS - proof.timestamp > TON_PROOF_MAX_AGE_S) return { ok: false, reason: 'stale' };
  if (proof.timestamp > nowS + MAX_CLOCK_SKEW_S) return { ok: false, reason: 'future' };

  const signature = Buffer.from(proof.signature, 'base64');
  if (signature.length !== 64 || !verifyEd25519(publicKey, tonProofDigest(address, proof), signature)) {
    return { ok: false, reason: 'signature' };
  }
  return { ok: true, address };
}

/** What the wallet signs for a ton_proof (exported for tests that sign as a wallet would). */
export function tonProofDigest(
  address: Address,
  proof: Pick<LinkWalletRequest['proof'], 'timestamp' | 'domain' | 'payload'>,
): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domain = Buffer.from(proof.domain.value, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    Buffer.from(TON_PROOF_PREFIX),
    workchain,
    address.hash,
    domainLength,
    domain,
    timestamp,
    Buffer.from(proof.payload),
  ]);
  const inner = sha256(message);
  return sha256(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from(TON_CONNECT_PREFIX), inner]));
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function verifyEd25519(publicKey: Buffer, data: Buffer, signature: Buffer): boolean {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}
