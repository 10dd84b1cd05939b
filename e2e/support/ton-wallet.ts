import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Address } from '@ton/core';
import { beginCell, storeStateInit } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import type { Page } from 'playwright-core';
import { commentOf, sameAddress, tonProofDigest } from '@stickerdrop/core';

/**
 * A TON wallet for the browser suite: a real Ed25519 key in a v4 wallet, offered to the page the way a
 * wallet's in-app browser does (a TON Connect JS bridge injected into the window, listed as an embedded
 * wallet). The page's real @tonconnect/ui talks to it; it signs ton_proofs in Node with the real key and
 * turns the transfers it is asked to send into transactions on the local indexer's chain.
 */
export interface TestTonWallet {
  address: Address;
  /** Transfers the page asked for, as sent to the chain. */
  sent: Array<{ address: string; amount: string; comment: string | null }>;
}

const BRIDGE_KEY = 'e2ewallet';

const WALLET_ENTRY = {
  app_name: BRIDGE_KEY,
  name: 'E2E Wallet',
  image: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/%3E',
  about_url: 'https://wallet.invalid',
  bridge: [{ type: 'js', key: BRIDGE_KEY }],
  platforms: ['chrome', 'android', 'ios', 'macos', 'windows', 'linux'],
  features: [{ name: 'SendTransaction', maxMessages: 4 }],
};

export async function installTonWallet(
  page: Page,
  options: { onTransfer(transfer: { from: string; amountNano: bigint; comment: string | null }): void },
): Promise<TestTonWallet> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const contract = WalletContractV4.create({ workchain: 0, publicKey: raw });
  const wallet: TestTonWallet = { address: contract.address, sent: [] };
  const stateInit = beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64');

  // TON's wallet registry, played locally: the list names our wallet.
  await page.route(/wallets-v2\.json/, (route) => route.fulfill({ json: [WALLET_ENTRY] }));

  await page.exposeFunction('__e2eWalletConnect', (request: ConnectRequest, host: string) =>
    connectReply(request, host, { address: contract.address, publicKey: raw, privateKey, stateInit }),
  );
  await page.exposeFunction('__e2eWalletSend', (request: { method: string; params: string[]; id: string }) => {
    if (request.method !== 'sendTransaction') return { error: { code: 400, message: 'unsupported' }, id: request.id };
    const tx = JSON.parse(request.params[0]!) as {
      messages: Array<{ address: string; amount: string; payload?: string }>;
    };
    for (const message of tx.messages) {
      const comment = message.payload ? commentOf({ body: message.payload }) : null;
      wallet.sent.push({ address: message.address, amount: message.amount, comment });
      options.onTransfer({ from: contract.address.toString(), amountNano: BigInt(message.amount), comment });
    }
    return { result: beginCell().endCell().toBoc().toString('base64'), id: request.id };
  });
  await page.addInitScript(
    ({ key, entry }) => {
      const win = window as unknown as Record<string, unknown> & {
        __e2eWalletConnect(request: unknown, host: string): Promise<unknown>;
        __e2eWalletSend(request: unknown): Promise<unknown>;
      };
      const deviceInfo = {
        platform: 'android',
        appName: key,
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      };
      win[key] = {
        tonconnect: {
          deviceInfo,
          walletInfo: entry,
          protocolVersion: 2,
          isWalletBrowser: true,
          connect: (_version: number, request: unknown) => win.__e2eWalletConnect(request, window.location.host),
          restoreConnection: () =>
            Promise.resolve({ event: 'connect_error', id: 0, payload: { code: 0, message: 'no session' } }),
          send: (request: unknown) => win.__e2eWalletSend(request),
          listen: () => () => undefined,
        },
      };
    },
    { key: BRIDGE_KEY, entry: WALLET_ENTRY },
  );
  return wallet;
}

interface ConnectRequest {
  manifestUrl: string;
  items: Array<{ name: 'ton_addr' } | { name: 'ton_proof'; payload: string }>;
}

/** What a wallet answers to a connect request: its address item, and a ton_proof when one is asked for. */
function connectReply(
  request: ConnectRequest,
  host: string,
  key: { address: Address; publicKey: Buffer; privateKey: KeyObject; stateInit: string },
) {
  const items: unknown[] = [
    {
      name: 'ton_addr',
      address: key.address.toRawString(),
      network: '-239',
      publicKey: key.publicKey.toString('hex'),
      walletStateInit: key.stateInit,
    },
  ];
  const asked = request.items.find((item) => item.name === 'ton_proof');
  if (asked && 'payload' in asked) {
    const proof = {
      timestamp: Math.floor(Date.now() / 1000),
      domain: { lengthBytes: Buffer.byteLength(host), value: host },
      payload: asked.payload,
    };
    const signature = sign(null, tonProofDigest(key.address, proof), key.privateKey).toString('base64');
    items.push({ name: 'ton_proof', proof: { ...proof, signature } });
  }
  return {
    event: 'connect',
    id: Date.now(),
    payload: {
      items,
      device: {
        platform: 'android',
        appName: BRIDGE_KEY,
        appVersion: '1.0.0',
        maxProtocolVersion: 2,
        features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
      },
    },
  };
}

export { sameAddress };
