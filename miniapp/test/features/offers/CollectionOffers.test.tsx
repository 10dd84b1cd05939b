import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { fakeApi, json } from '../../support/fake-api';
import { collectionItem, demoConfig, order, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { inHours, myOffers, offer, packOffers } from './offer-data';

// The first render of a lazy screen can take seconds on a loaded machine; what is awaited is unchanged.
const SLOW = { timeout: 5_000 };
const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const signedIn = { 'GET /api/auth/me': () => json({ user: user() }) };
const twoEditions = [
  collectionItem({ editionId: 40, serial: 4, edition: 4 }),
  collectionItem({ editionId: 70, serial: 7, edition: 7 }),
];

// The screens and the offers UI are lazy chunks: load them once up front, so no test's first wait is
// spent transforming them.
beforeAll(async () => {
  await Promise.all([
    import('../../../src/features/pack-detail/PackDetailPage'),
    import('../../../src/features/collection/CollectionPage'),
    import('../../../src/features/offers/CollectionOffers'),
  ]);
});

describe('Collection: the Offers tab', { timeout: 20_000 }, () => {
  it('opens from the tab (and from #/collection?tab=offers) with Received first, then Made', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/collection': () => json(twoEditions),
      'GET /api/offers/mine': () => json(myOffers([offer({ id: 3, price: '1.00' })], [])),
    });
    renderApp('/collection', { signedIn: true });
    await screen.findAllByTestId('pack-card', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Offers' }));
    expect(await screen.findByText('No offers received')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/collection?tab=offers');
    expect(screen.queryByTestId('pack-card')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Made' }));
    const row = within(screen.getByRole('list', { name: 'Offers made' })).getByTestId('offer-row');
    expect(row).toHaveTextContent('1.00 TON');
    // The viewer's own offer does not name its bidder.
    expect(row).toHaveTextContent('Space Cats · #4Expires in 23 h');
    expect(within(row).getByRole('link', { name: 'Space Cats' })).toHaveAttribute('href', '#/sticker?id=1');
    expect(within(row).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the offers cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      ...signedIn,
      'GET /api/collection': () => json([]),
      'GET /api/offers/mine': () => (fail ? json({}, 500) : json(myOffers([], []))),
    });
    renderApp('/collection?tab=offers', { signedIn: true });
    expect(await screen.findByText('Offers could not be loaded.', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No offers received')).toBeInTheDocument();
  });

  it('accepts a pack-wide offer with the edition the owner picks, and declines another', async () => {
    let received = [
      offer({ id: 2, editionId: null, serial: null, price: '3.00' }),
      offer({ id: 4, price: '1.20', bidder: { id: 9, name: 'Cy' } }),
    ];
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/collection': () => json(twoEditions),
      'GET /api/offers/mine': () => json(myOffers([], received)),
      'POST /api/offers/2/accept': () => {
        received = received.filter((item) => item.id !== 2);
        return json({ order: order({ kind: 'resale', editionId: 70, serial: 7, amount: '3.00' }) }, 201);
      },
      'POST /api/offers/4/decline': () => {
        received = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/collection?tab=offers', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Offers received' }, SLOW);
    const [packWide, onEdition] = within(list).getAllByTestId('offer-row');
    expect(packWide).toHaveTextContent('Any edition · by Ana');
    // Only the pack-wide offer asks which edition; the other sells #4 itself.
    expect(within(onEdition!).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(packWide!).getByRole('combobox', { name: 'Edition to sell' }), '#7');
    await userEvent.click(within(packWide!).getByRole('button', { name: 'Accept the offer of 3.00 from Ana' }));
    // Asked once, in a sheet: nothing is accepted before the confirmation.
    const sheet = await screen.findByTestId('accept-sheet');
    expect(calls.some((call) => call.path === '/api/offers/2/accept')).toBe(false);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Accept and sell #7' }));
    expect(await screen.findByText('Offer accepted: the buyer can pay now')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/offers/2/accept')?.body).toEqual({ editionId: 70 });
    await waitFor(() => expect(screen.getAllByTestId('offer-row')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Decline the offer of 1.20 from Cy' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(await screen.findByText('No offers received')).toBeInTheDocument();
  });

  it('lets the bidder pay an accepted offer on the pack page, on the demo rail like any resale', async () => {
    let paid = false;
    const accepted = () =>
      offer({
        id: 3,
        status: 'accepted',
        order: { id: ORDER_ID, status: paid ? 'paid' : 'reserved', expiresAt: inHours(0.25) },
      });
    const reserved = order({ kind: 'resale', editionId: 40, serial: 4, amount: '2.50' });
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/config': () => json(demoConfig),
      'GET /api/collection': () => json([]),
      'GET /api/offers/mine': () => json(myOffers([accepted()], [])),
      'GET /api/stickers/1': () => json(packDetail(paid ? { isOwned: true, edition: 4 } : {})),
      'GET /api/stickers/1/offers': () => json(packOffers([])),
      [`GET /api/orders/${ORDER_ID}`]: () => json({ order: reserved }),
      [`POST /api/orders/${ORDER_ID}/demo-pay`]: () => {
        paid = true;
        return json({ order: { ...reserved, status: 'paid', paidAt: new Date().toISOString(), edition: 4 } });
      },
    });
    renderApp('/collection?tab=offers', { signedIn: true });
    await screen.findByText('No offers received', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Made' }));
    expect(await screen.findByText('Accepted · pay within 15 min')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Pay · 2.50 TON' }));
    expect(await screen.findByTestId('payment-step')).toBeInTheDocument();
    // The order parameter is read once: a reload would not open the payment again.
    await waitFor(() => expect(window.location.hash).toBe('#/sticker?id=1'));
    await userEvent.click(screen.getByRole('button', { name: 'Pay (demo) · 2.50 TON' }));
    expect(await screen.findByText(SPEC_TEXTS.purchaseSuccess)).toBeInTheDocument();
    expect(await screen.findByText(/You own this pack \(edition #4 of 100\)/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === `/api/orders/${ORDER_ID}/demo-pay`)).toHaveLength(1);

    window.location.hash = '#/collection?tab=offers';
    await userEvent.click(await screen.findByRole('button', { name: 'Made' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
