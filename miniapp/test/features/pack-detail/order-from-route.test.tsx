import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { fakeApi, json } from '../../support/fake-api';
import { demoConfig, order, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const ORDER_ID = '22222222-2222-4222-8222-222222222222';
const SLOW = { timeout: 5_000 };
const reserved = order({ id: ORDER_ID, stickerId: 3, kind: 'resale', editionId: 40, serial: 4, amount: '2.50' });

beforeAll(async () => {
  await import('../../../src/features/pack-detail/PackDetailPage');
});

describe('An order named by the route (an accepted offer)', { timeout: 20_000 }, () => {
  it('opens on its pack when the link names only the order, and pays it on the demo rail', async () => {
    let paid = false;
    fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/3': () =>
        json(packDetail({ id: 3, title: 'Pixel Frogs', ...(paid ? { isOwned: true, edition: 4 } : {}) })),
      [`GET /api/orders/${ORDER_ID}`]: () => json({ order: reserved }),
      [`POST /api/orders/${ORDER_ID}/demo-pay`]: () => {
        paid = true;
        return json({ order: { ...reserved, status: 'paid', paidAt: new Date().toISOString(), edition: 4 } });
      },
    });
    renderApp(`/sticker?order=${ORDER_ID}`, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Pixel Frogs' }, SLOW)).toBeInTheDocument();
    expect(window.location.hash).toBe('#/sticker?id=3');
    expect(await screen.findByText('Purchase initiated!')).toBeInTheDocument();
    // The price box shows the sale being paid, not the pack's primary price and supply.
    expect(await screen.findByText('Edition #4 of 100 · resale')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay (demo) · 2.50 TON' }));
    expect(await screen.findByText(SPEC_TEXTS.purchaseSuccess)).toBeInTheDocument();
    expect(await screen.findByText(/You own this pack \(edition #4 of 100\)/)).toBeInTheDocument();
  });

  it('says why when the order cannot be opened, and shows the pack as usual', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/stickers/1': () => json(packDetail()),
      [`GET /api/orders/${ORDER_ID}`]: () => json({ error: API_ERRORS.orderNotFound }, 404),
    });
    renderApp(`/sticker?id=1&order=${ORDER_ID}`, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Space Cats' }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/sticker?id=1'));
    expect(await screen.findByText(API_ERRORS.orderNotFound)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-step')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now · 1.50 TON' })).toBeInTheDocument();
  });

  it('asks a visitor to log in instead of opening the order', async () => {
    const { calls } = fakeApi({ 'GET /api/stickers/1': () => json(packDetail()) });
    renderApp(`/sticker?id=1&order=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Space Cats' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.buyRequiresLogin)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/sticker?id=1'));
    expect(calls.some((call) => call.path.startsWith('/api/orders/'))).toBe(false);
  });
});
