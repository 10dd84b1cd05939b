import type { ConnectedWallet, TonConnectUI } from '@tonconnect/ui-react';
import {
  tonCommentPayload,
  type LinkWalletRequest,
  type PaymentInstructions,
  type TonProofPayloadResponse,
  type User,
} from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';
import { apiUrl } from '../../config';

/** How long the wallet may take to send a payment before the request is void. */
const SEND_WITHIN_S = 5 * 60;

/** The buyer closed the wallet list (or the wallet) without going on. */
export class WalletDismissedError extends Error {}

let loading: Promise<TonConnectUI> | undefined;

/**
 * TON Connect, loaded on first use: only when a buyer pays with TON or links a wallet. It is a large
 * library and never part of the Home bundle (or any route's).
 */
export function loadTonConnect(): Promise<TonConnectUI> {
  loading ??= import('@tonconnect/ui-react')
    .then(({ TonConnectUI }) => new TonConnectUI({ manifestUrl: tonConnectManifestUrl() }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The API serves the manifest built from PUBLIC_URL. */
export function tonConnectManifestUrl(): string {
  return new URL(apiUrl('/tonconnect-manifest.json'), window.location.href).toString();
}

/** The connected wallet; when there is none, the wallet list opens and this waits for the choice. */
async function connectedWallet(ui: TonConnectUI): Promise<ConnectedWallet> {
  await ui.connectionRestored;
  if (ui.wallet) return ui.wallet as ConnectedWallet;
  return new Promise<ConnectedWallet>((resolve, reject) => {
    const stopStatus = ui.onStatusChange(
      (wallet) => {
        if (!wallet) return;
        stop();
        resolve(wallet);
      },
      (error) => {
        stop();
        reject(error);
      },
    );
    const stopModal = ui.onModalStateChange((state) => {
      if (state.status === 'closed' && !ui.wallet) {
        stop();
        reject(new WalletDismissedError());
      }
    });
    const stop = () => {
      stopStatus();
      stopModal();
    };
    ui.openModal().catch((error: unknown) => {
      stop();
      reject(error);
    });
  });
}

/** An order's TON payment as the API gives it (`PaymentInstructions` of kind `ton`). */
export type TonPayment = Omit<Extract<PaymentInstructions, { kind: 'ton' }>, 'kind' | 'legs'>;

/**
 * Asks the buyer's wallet to send exactly the order's transaction. The API gives it in TON Connect's own
 * form, `messages`, sent as they are: every leg in the API's order (a resale's seller, royalty and fee; a
 * new edition's creator's share and fee), the fee with the comment last, each address in the form that says
 * whether it bounces; validUntil is the reservation's end. Older orders carry only receiver, amount and
 * comment.
 */
export async function payWithTonConnect(payment: TonPayment) {
  const ui = await loadTonConnect();
  await connectedWallet(ui);
  await ui.sendTransaction({
    validUntil: payment.validUntil ?? Math.floor(Date.now() / 1000) + SEND_WITHIN_S,
    messages: payment.messages ?? [
      { address: payment.receiver, amount: payment.amountNano, payload: tonCommentPayload(payment.comment) },
    ],
  });
}

/**
 * Links a wallet with a ton_proof: our single-use payload goes into the connect request, the wallet
 * signs it on connecting, and the API checks the proof before it stores the address. A proof comes only
 * with a new connection, so an existing one is dropped first.
 */
export async function linkWalletWithProof(api: ApiClient): Promise<User> {
  const ui = await loadTonConnect();
  await ui.connectionRestored;
  if (ui.connected) await ui.disconnect();
  ui.setConnectRequestParameters({ state: 'loading' });
  try {
    const { payload } = await api.request<TonProofPayloadResponse>('/api/auth/ton-proof/payload');
    ui.setConnectRequestParameters({ state: 'ready', value: { tonProof: payload } });
    const wallet = await connectedWallet(ui);
    const item = wallet.connectItems?.tonProof;
    if (!item || !('proof' in item) || !wallet.account.publicKey || !wallet.account.walletStateInit) {
      throw new Error('The wallet did not prove it is yours');
    }
    const body: LinkWalletRequest = {
      walletAddress: wallet.account.address,
      publicKey: wallet.account.publicKey,
      proof: { ...item.proof, stateInit: wallet.account.walletStateInit },
    };
    const { user } = await api.request<{ user: User }>('/api/auth/link-wallet', { method: 'POST', body });
    return user;
  } finally {
    ui.setConnectRequestParameters(null);
  }
}
