import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Address } from '@ton/core';
import { beginCell, storeStateInit, type StateInit } from '@ton/core';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, type LinkWalletRequest, type TonProofPayloadResponse, type User } from '@stickerdrop/shared';
import { checkTonProof, tonProofDigest } from '@stickerdrop/core';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';

const PUBLIC_URL = 'https://stickerdrop.test';
const DOMAIN = 'stickerdrop.test';

/** A wallet as TON Connect reports it: a real Ed25519 key pair inside a standard wallet contract. */
interface TestWallet {
  publicKey: Buffer;
  privateKey: KeyObject;
  address: Address;
  stateInit: string;
}

function newWallet(version: 'v4' | 'v5r1' = 'v4'): TestWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const contract =
    version === 'v4'
      ? WalletContractV4.create({ workchain: 0, publicKey: raw })
      : WalletContractV5R1.create({ workchain: 0, publicKey: raw });
  return { publicKey: raw, privateKey, address: contract.address, stateInit: boc(contract.init) };
}

function boc(init: StateInit): string {
  return beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64');
}

/** What the wallet answers: the ton_proof signed with its private key, as a real wallet signs it. */
function proofFor(
  wallet: TestWallet,
  payload: string,
  overrides: { domain?: string; timestamp?: number; signer?: TestWallet; stateInit?: string; address?: string } = {},
  now = new Date(),
): LinkWalletRequest {
  const domain = overrides.domain ?? DOMAIN;
  const timestamp = overrides.timestamp ?? Math.floor(now.getTime() / 1000);
  const proof = { timestamp, domain: { lengthBytes: Buffer.byteLength(domain), value: domain }, payload };
  const signature = sign(null, tonProofDigest(wallet.address, proof), (overrides.signer ?? wallet).privateKey);
  return {
    walletAddress: overrides.address ?? wallet.address.toRawString(),
    publicKey: wallet.publicKey.toString('hex'),
    proof: { ...proof, signature: signature.toString('base64'), stateInit: overrides.stateInit ?? wallet.stateInit },
  };
}

describeEachDatabase('wallet linking with TON Connect ton_proof', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { publicUrl: PUBLIC_URL } });
    user = await createUser(t);
  });
  afterEach(() => t.close());

  const nowS = () => Math.floor(t.clock.now.getTime() / 1000);

  async function payload(as: TestUser = user): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/ton-proof/payload', headers: as.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as TonProofPayloadResponse).payload;
  }

  const link = (body: LinkWalletRequest, as: TestUser = user) =>
    t.app.inject({ method: 'POST', url: '/api/auth/link-wallet', headers: as.headers, payload: body });

  async function walletOf(as: TestUser = user): Promise<string | null> {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as.headers });
    return (res.json() as { user: User }).user.walletAddress;
  }

  async function expectRefused(body: LinkWalletRequest, as: TestUser = user) {
    const res = await link(body, as);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERRORS.invalidTonProof });
    expect(await walletOf(as)).toBeNull();
  }

  it('issues a random single-use payload for signed-in users only, valid 5 minutes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/ton-proof/payload' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/ton-proof/payload', headers: user.headers });
    const body = res.json() as TonProofPayloadResponse;
    expect(body.payload).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(body.expiresAt).getTime() - t.clock.now.getTime()).toBe(5 * 60_000);
    expect(await payload()).not.toBe(body.payload);
  });

  it('a valid proof links the wallet (v4 and v5r1, raw or friendly address) and shows it on the user', async () => {
    const wallet = newWallet('v4');
    const res = await link(proofFor(wallet, await payload(), {}, t.clock.now));
    expect(res.statusCode).toBe(200);
    const friendly = wallet.address.toString({ bounceable: false });
    expect((res.json() as { user: User }).user.walletAddress).toBe(friendly);
    expect(await walletOf()).toBe(friendly);

    const v5 = newWallet('v5r1');
    const other = await createUser(t);
    const body = proofFor(v5, await payload(other), { address: v5.address.toString() }, t.clock.now);
    expect((await link(body, other)).statusCode).toBe(200);
    expect(await walletOf(other)).toBe(v5.address.toString({ bounceable: false }));
  });

  it('refuses a proof for a foreign domain', async () => {
    await expectRefused(proofFor(newWallet(), await payload(), { domain: 'evil.example' }, t.clock.now));
  });

  it('refuses a reused payload, even with a new valid signature', async () => {
    const wallet = newWallet();
    const once = await payload();
    expect((await link(proofFor(wallet, once, {}, t.clock.now))).statusCode).toBe(200);
    const other = await createUser(t);
    await expectRefused(proofFor(newWallet(), once, {}, t.clock.now), other);
    // The same user replaying it cannot switch to another wallet either.
    const replay = await link(proofFor(newWallet(), once, {}, t.clock.now));
    expect(replay.statusCode).toBe(401);
    expect(await walletOf()).toBe(wallet.address.toString({ bounceable: false }));
  });

  it('refuses a payload we never issued, another user’s payload, and an expired one', async () => {
    await expectRefused(proofFor(newWallet(), 'ab'.repeat(32), {}, t.clock.now));
    const someoneElses = await payload(await createUser(t));
    await expectRefused(proofFor(newWallet(), someoneElses, {}, t.clock.now));
    const issued = await payload();
    t.clock.advance(5 * 60_000 + 1000);
    await expectRefused(proofFor(newWallet(), issued, {}, t.clock.now));
  });

  it('refuses a stale timestamp and one in the future', async () => {
    const wallet = newWallet();
    await expectRefused(proofFor(wallet, await payload(), { timestamp: nowS() - 15 * 60 - 1 }, t.clock.now));
    await expectRefused(proofFor(wallet, await payload(), { timestamp: nowS() + 5 * 60 }, t.clock.now));
  });

  it('refuses a stateInit that does not match the address, a wrong public key, and a foreign signature', async () => {
    const wallet = newWallet();
    const stranger = newWallet();
    await expectRefused(proofFor(wallet, await payload(), { stateInit: stranger.stateInit }, t.clock.now));
    const wrongKey = {
      ...proofFor(wallet, await payload(), {}, t.clock.now),
      publicKey: stranger.publicKey.toString('hex'),
    };
    await expectRefused(wrongKey);
    await expectRefused(proofFor(wallet, await payload(), { signer: stranger }, t.clock.now));
    const tampered = proofFor(wallet, await payload(), {}, t.clock.now);
    tampered.proof.timestamp -= 1;
    await expectRefused(tampered);
  });

  it('a failed attempt leaves the payload usable for the real proof', async () => {
    const wallet = newWallet();
    const issued = await payload();
    await expectRefused(proofFor(wallet, issued, { domain: 'evil.example' }, t.clock.now));
    expect((await link(proofFor(wallet, issued, {}, t.clock.now))).statusCode).toBe(200);
  });

  it('refuses malformed bodies with 400 and signed-out callers with 401', async () => {
    const res = await link({ walletAddress: 'x' } as unknown as LinkWalletRequest);
    expect(res.statusCode).toBe(400);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/link-wallet',
      payload: proofFor(newWallet(), 'ab'.repeat(32), {}, t.clock.now),
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('serves the TON Connect manifest built from PUBLIC_URL, with its icon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tonconnect-manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ url: PUBLIC_URL, name: 'Stickerdrop', iconUrl: `${PUBLIC_URL}/tonconnect-icon.png` });
    const icon = await t.app.inject({ method: 'GET', url: '/tonconnect-icon.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('checkTonProof', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const nowS = Math.floor(now.getTime() / 1000);
  const check = (body: LinkWalletRequest) => checkTonProof(body, { domains: [DOMAIN], now });
  const reason = (body: LinkWalletRequest) => {
    const result = check(body);
    return result.ok ? 'ok' : result.reason;
  };

  it('names the check each forged proof fails', () => {
    const wallet = newWallet();
    const stranger = newWallet();
    const payload = 'cd'.repeat(32);
    expect(reason(proofFor(wallet, payload, {}, now))).toBe('ok');
    expect(reason(proofFor(wallet, payload, { domain: 'evil.example' }, now))).toBe('domain');
    expect(reason(proofFor(wallet, payload, { timestamp: nowS - 15 * 60 - 1 }, now))).toBe('stale');
    expect(reason(proofFor(wallet, payload, { timestamp: nowS + 31 }, now))).toBe('future');
    expect(reason(proofFor(wallet, payload, { signer: stranger }, now))).toBe('signature');
    // The stranger's stateInit (and key) claimed for our wallet's address: the address does not derive from it.
    const mismatched = proofFor(wallet, payload, { stateInit: stranger.stateInit }, now);
    expect(reason({ ...mismatched, publicKey: stranger.publicKey.toString('hex') })).toBe('address');
    expect(reason(mismatched)).toBe('public_key');
    expect(reason({ ...mismatched, proof: { ...mismatched.proof, stateInit: 'not a boc' } })).toBe('state_init');
    const lying = proofFor(wallet, payload, {}, now);
    lying.proof.domain.lengthBytes += 1;
    expect(reason(lying)).toBe('domain');
  });

  it('knows only standard wallet code', () => {
    const wallet = newWallet();
    const custom = boc({
      code: beginCell().storeUint(1, 8).endCell(),
      data: beginCell().storeBuffer(wallet.publicKey).endCell(),
    });
    expect(reason(proofFor(wallet, 'ef'.repeat(32), { stateInit: custom }, now))).toBe('unknown_wallet');
  });
});
