import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERRORS, tonCommentPayload, type Order } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { fakeApi, json } from '../../support/fake-api';
import { order, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { studioResponse } from '../studio/studio-data';

/**
 * TON Connect's UI stands in for a wallet here: the mini-app's real flow (payload, connect request,
 * proof, link call; transfer request) runs against it. What the wallet does next is scripted per test.
 */
const wallet = vi.hoisted(() => ({
  /** What happens when the wallet list opens: a wallet connects (with its reply), or the list is closed. */
  onOpen: null as null | { connect: Record<string, unknown> } | 'dismiss',
  instances: 0,
  connectRequests: [] as unknown[],
  sent: [] as Array<{ validUntil: number; messages: Array<Record<string, string>> }>,
  reset() {
    this.onOpen = null;
    this.instances = 0;
    this.connectRequests = [];
    this.sent = [];
  },
}));

vi.mock('@tonconnect/ui-react', () => ({
  TonConnectUI: class {
    wallet: Record<string, unknown> | null = null;
    connectionRestored = Promise.resolve(false);
    private statusListeners = new Set<(wallet: unknown) => void>();
    private modalListeners = new Set<(state: { status: string }) => void>();
    constructor(readonly options: { manifestUrl: string }) {
      wallet.instances++;
    }
    get connected() {
      return this.wallet !== null;
    }
    setConnectRequestParameters(parameters: unknown) {
      wallet.connectRequests.push(parameters);
    }
    onStatusChange(listener: (wallet: unknown) => void) {
      this.statusListeners.add(listener);
      return () => this.statusListeners.delete(listener);
    }
    onModalStateChange(listener: (state: { status: string }) => void) {
      this.modalListeners.add(listener);
      return () => this.modalListeners.delete(listener);
    }
    async disconnect() {
      this.wallet = null;
    }
    async openModal() {
      setTimeout(() => {
        const next = wallet.onOpen;
        if (next === 'dismiss' || next === null) {
          for (const listener of this.modalListeners) listener({ status: 'closed' });
          return;
        }
        this.wallet = next.connect;
        for (const listener of this.statusListeners) listener(this.wallet);
      }, 0);
    }
    async sendTransaction(tx: { validUntil: number; messages: Array<Record<string, string>> }) {
      wallet.sent.push(tx);
      return { boc: 'te6cc' };
    }
  },
}));

const ADDRESS = '0:' + 'ab'.repeat(32);
const connected = (withProof: boolean) => ({
  account: { address: ADDRESS, chain: '-239', publicKey: 'cd'.repeat(32), walletStateInit: 'te6ccstateinit' },
  device: {},
  provider: 'http',
  ...(withProof
    ? {
        connectItems: {
          tonProof: {
            name: 'ton_proof',
            proof: {
              timestamp: 1_700_000_000,
              domain: { lengthBytes: 16, value: 'stickerdrop.test' },
              payload: 'ef'.repeat(32),
              signature: 'c2lnbmF0dXJl',
            },
          },
        },
      }
    : {}),
});

afterEach(() => wallet.reset());

describe('Link wallet on Profile', () => {
  const routes = (link: () => Response) => ({
    'GET /api/auth/me': () => json({ user: user() }),
    'GET /api/users/profile': () => json({}),
    'GET /api/auth/ton-proof/payload': () => json({ payload: 'ef'.repeat(32), expiresAt: new Date().toISOString() }),
    'POST /api/auth/link-wallet': link,
    // A refused proof is a 401, which the client first takes for an expired token: refresh, retry once.
    'POST /api/auth/refresh': () => json({ accessToken: 'access-2', refreshToken: 'refresh-2' }),
  });

  it('asks the wallet for a proof of our payload, sends it to the API and shows the linked wallet', async () => {
    wallet.onOpen = { connect: connected(true) };
    const { calls } = fakeApi(routes(() => json({ user: user({ walletAddress: 'UQlinked' }) })));
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Link wallet' }, { timeout: 5000 }));
    expect(await screen.findByText('Wallet linked successfully')).toBeInTheDocument();
    expect(screen.getByText('UQlinked')).toBeInTheDocument();
    expect(wallet.connectRequests).toContainEqual({ state: 'ready', value: { tonProof: 'ef'.repeat(32) } });
    expect(calls.find((call) => call.path === '/api/auth/link-wallet')?.body).toEqual({
      walletAddress: ADDRESS,
      publicKey: 'cd'.repeat(32),
      proof: {
        timestamp: 1_700_000_000,
        domain: { lengthBytes: 16, value: 'stickerdrop.test' },
        payload: 'ef'.repeat(32),
        signature: 'c2lnbmF0dXJl',
        stateInit: 'te6ccstateinit',
      },
    });
  });

  it('shows the server’s refusal, or SPEC’s fallback when the wallet gave no proof', async () => {
    wallet.onOpen = { connect: connected(true) };
    fakeApi(routes(() => json({ error: API_ERRORS.invalidTonProof }, 401)));
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Link wallet' }, { timeout: 5000 }));
    expect(await screen.findByText(API_ERRORS.invalidTonProof)).toBeInTheDocument();
    expect(screen.getByText('Not linked')).toBeInTheDocument();

    wallet.onOpen = { connect: connected(false) };
    await userEvent.click(screen.getByRole('button', { name: 'Link wallet' }));
    expect(await screen.findByText('Wallet linking failed')).toBeInTheDocument();
  });

  it('closing the wallet list is no failure: no toast, the button is back', async () => {
    wallet.onOpen = 'dismiss';
    const { calls } = fakeApi(routes(() => json({ user: user() })));
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Link wallet' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Link wallet' })).toBeEnabled());
    expect(screen.queryByText('Wallet linking failed')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/link-wallet')).toBe(false);
  });
});

describe('a creator is asked for a payout wallet', () => {
  const ask = () => screen.findByRole('region', { name: 'Where should we pay you?' }, { timeout: 5000 });
  const linking = {
    'GET /api/users/profile': () => json({}),
    'GET /api/auth/ton-proof/payload': () => json({ payload: 'ef'.repeat(32), expiresAt: new Date().toISOString() }),
    'POST /api/auth/link-wallet': () => json({ user: user({ isCreator: true, walletAddress: 'UQpayout' }) }),
  };

  it('on becoming a creator, and links it there with TON Connect', async () => {
    wallet.onOpen = { connect: connected(true) };
    const { calls } = fakeApi({
      ...linking,
      'GET /api/auth/me': () => json({ user: user() }),
      'POST /api/users/become-creator': () => json({ user: user({ isCreator: true }) }),
    });
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Become a creator' }, { timeout: 5000 }));
    const panel = await ask();
    expect(panel).toHaveTextContent(
      'Link the TON wallet your sales and royalties are paid to. You can skip this for now: what you earn meanwhile waits as owed.',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Link payout wallet' }));
    expect(await screen.findByText('Wallet linked successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/link-wallet')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('payout-ask')).not.toBeInTheDocument());
    expect(screen.getByText('UQpayout')).toBeInTheDocument();
  });

  it('on the create form: skippable, never hidden (the ask folds to a line that keeps its Link button)', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }) });
    renderApp('/create', { signedIn: true });
    const panel = await ask();
    await userEvent.click(within(panel).getByRole('button', { name: 'Skip for now' }));
    const folded = screen.getByTestId('payout-ask');
    expect(folded).toHaveTextContent('No payout wallet linked yet: what you earn waits as owed.');
    expect(within(folded).getByRole('button', { name: 'Link payout wallet' })).toBeEnabled();
    // The form is all there: the ask does not stand in the way.
    expect(screen.getByRole('button', { name: 'Create Sticker Pack' })).toBeEnabled();
  });

  it('not asked once a wallet is linked', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user({ isCreator: true, walletAddress: 'UQmine' }) }) });
    renderApp('/create', { signedIn: true });
    await screen.findByRole('button', { name: 'Create Sticker Pack' }, { timeout: 5000 });
    expect(screen.queryByTestId('payout-ask')).not.toBeInTheDocument();
  });

  it("the studio's owed royalties line links the wallet in place", async () => {
    wallet.onOpen = { connect: connected(true) };
    fakeApi({
      ...linking,
      'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
      'GET /api/studio': () => json(studioResponse()),
    });
    renderApp('/studio', { signedIn: true });
    const owed = await screen.findByTestId('studio-owed', {}, { timeout: 5000 });
    expect(owed).toHaveTextContent('Owed: royalties not paid because no wallet was linked.');
    await userEvent.click(within(owed).getByRole('button', { name: 'Link wallet' }));
    expect(await screen.findByText('Wallet linked successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(owed).queryByRole('button')).not.toBeInTheDocument());
    expect(owed).toHaveTextContent('Owed: royalties not paid because no wallet was linked.');
  });
});

describe('paying with TON', () => {
  const tonPayment = {
    kind: 'ton' as const,
    receiver: 'EQreceiver',
    amountNano: '1500000000',
    comment: '11111111-1111-4111-8111-111111111111',
  };

  function routes(polls: Order[]) {
    return {
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/config': () => json({ demo: false, botUsername: null, paymentMethods: ['ton', 'stripe'] }),
      'GET /api/stickers/1': () => json(packDetail()),
      'POST /api/marketplace/buy': () => json({ order: order({ payment: tonPayment }) }, 201),
      'GET /api/orders/11111111-1111-4111-8111-111111111111': () =>
        json({ order: polls.length > 1 ? polls.shift() : polls[0] }),
      'GET /api/collection': () => json([]),
    };
  }

  it('TON Connect sends exactly the order’s transfer, then the page waits for the chain and succeeds', async () => {
    wallet.onOpen = { connect: connected(false) };
    const paid = order({ payment: tonPayment, status: 'paid', edition: 3, paidAt: new Date().toISOString() });
    fakeApi(routes([order({ payment: tonPayment }), paid]));
    renderApp('/sticker?id=1', { signedIn: true });
    expect(wallet.instances).toBe(0); // not loaded before it is needed
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now · 1.50 TON' }));
    await waitFor(() => expect(wallet.sent).toHaveLength(1));
    expect(wallet.sent[0]!.messages).toEqual([
      { address: 'EQreceiver', amount: '1500000000', payload: tonCommentPayload(tonPayment.comment) },
    ]);
    expect(await screen.findByText(SPEC_TEXTS.purchaseSuccess, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a new edition paying its creator on chain: the wallet gets both legs as the API gave them, no manual transfer', async () => {
    wallet.onOpen = { connect: connected(false) };
    const creatorLeg = { address: 'UQcreator', amount: '1425000000' };
    const feeLeg = { address: 'EQreceiver', amount: '75000000', payload: tonCommentPayload(tonPayment.comment) };
    const legs = {
      ...tonPayment,
      amountNano: '75000000',
      validUntil: 1_900_000_000,
      messages: [creatorLeg, feeLeg],
      legs: { creator: creatorLeg, fee: feeLeg },
    };
    fakeApi({
      ...routes([order({ payment: legs })]),
      'POST /api/marketplace/buy': () => json({ order: order({ payment: legs }) }, 201),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now · 1.50 TON' }));
    await waitFor(() => expect(wallet.sent).toHaveLength(1));
    expect(wallet.sent[0]).toEqual({ validUntil: 1_900_000_000, messages: [creatorLeg, feeLeg] });
    const step = await screen.findByTestId('payment-step');
    expect(step).toHaveTextContent('Your wallet sends 1.50 TON in one transaction');
    // A ton:// link carries one transfer: it would pay the fee leg alone, so it is not offered.
    expect(within(step).queryByRole('button', { name: 'Open a wallet app instead' })).not.toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Pay with wallet' })).toBeInTheDocument();
  });

  it('a payment that came too late tells the buyer it is being refunded', async () => {
    wallet.onOpen = { connect: connected(false) };
    fakeApi(routes([order({ payment: tonPayment, status: 'refund_required' })]));
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now · 1.50 TON' }));
    expect(await screen.findByText(API_ERRORS.paymentRefundRequired, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
