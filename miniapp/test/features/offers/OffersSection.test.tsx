import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { EditionDetail, MESSAGES, OFFER_ERRORS } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { offer, packOffers } from './offer-data';

const signedIn = { 'GET /api/auth/me': () => json({ user: user() }) };
const pack = { 'GET /api/stickers/1': () => json(packDetail()) };

function edition(ownerId: number): EditionDetail {
  return EditionDetail.parse({
    id: 40,
    serial: 4,
    pack: { id: 1, title: 'Space Cats', imageUrl: null, maxSupply: 100 },
    owner: { id: ownerId, name: 'Owner', username: null },
    listing: null,
    history: [],
    paidWith: 'ton',
    resellableFrom: null,
  });
}

// The first render of a lazy screen can take seconds on a loaded machine; what is awaited is unchanged.
const SLOW = { timeout: 5_000 };
const offersList = () => screen.findByRole('list', { name: 'Open offers' }, SLOW);
/** The offer sheet. Its drawer captures the pointer, which jsdom cannot: inside it, events are fired. */
const sheet = () => within(screen.getByRole('dialog', { name: 'Make an offer' }));
const typeIn = (name: string, value: string) =>
  fireEvent.change(sheet().getByRole('spinbutton', { name }), { target: { value } });

// The screens and the offers UI are lazy chunks: load them once up front, so no test's first wait is
// spent transforming them.
beforeAll(async () => {
  await Promise.all([import('../../../src/features/offers/OffersSection')]);
});

describe('Offers on the pack page', { timeout: 20_000 }, () => {
  it('lists open offers best first with the bidder, the price in TON and the expiry', async () => {
    fakeApi({
      ...pack,
      'GET /api/stickers/1/offers': () =>
        json(
          packOffers([
            offer({ id: 2, price: '3.00', editionId: null, serial: null, bidder: { id: 8, name: 'Ben' } }),
            offer({ id: 1, price: '2.50' }),
          ]),
        ),
    });
    renderApp('/sticker?id=1');
    const rows = within(await offersList()).getAllByTestId('offer-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('3.00 TONBest');
    expect(rows[0]).toHaveTextContent('Any edition · by Ben');
    expect(rows[0]).toHaveTextContent('Expires in 23 h');
    expect(rows[1]).toHaveTextContent('2.50 TON');
    expect(within(rows[1]!).getByRole('link', { name: '#4' })).toHaveAttribute('href', '#/edition?id=40');
  });

  it('marks the earlier of two equal offers Best, first, whatever order they come in', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute)).toISOString();
    fakeApi({
      ...pack,
      // Highest price first, the later of the equal two first: as the API sorted them.
      'GET /api/stickers/1/offers': () =>
        json(
          packOffers([
            offer({ id: 9, price: '3.00', createdAt: at(30), bidder: { id: 8, name: 'Late Ben' } }),
            offer({ id: 5, price: '3.00', createdAt: at(10), bidder: { id: 7, name: 'Early Ana' } }),
            offer({ id: 3, price: '2.00', createdAt: at(5), bidder: { id: 6, name: 'Low Cy' } }),
          ]),
        ),
    });
    renderApp('/sticker?id=1');
    const rows = within(await offersList()).getAllByTestId('offer-row');
    const bidders = rows.map((row) => /by ([A-Za-z ]+?)Expires/.exec(row.textContent ?? '')?.[1]);
    expect(bidders).toEqual(['Early Ana', 'Late Ben', 'Low Cy']);
    expect(within(rows[0]!).getByText('Best')).toBeInTheDocument();
    expect(rows.filter((row) => within(row).queryByText('Best'))).toHaveLength(1);
  });

  it('says when there are none, and offers a retry when they fail to load', async () => {
    let fail = true;
    fakeApi({
      ...pack,
      'GET /api/stickers/1/offers': () => (fail ? json({ error: 'boom' }, 500) : json(packOffers([]))),
    });
    renderApp('/sticker?id=1');
    expect(await screen.findByText('Offers could not be loaded.', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No offers yet.')).toBeInTheDocument();
  });

  it('makes a pack-wide offer: the price is checked with the shared text, the expiry defaults to 24 hours', async () => {
    let items = [offer({ id: 1 })];
    const { calls } = fakeApi({
      ...signedIn,
      ...pack,
      'GET /api/stickers/1/offers': () => json(packOffers(items)),
      'POST /api/offers': () => {
        const made = offer({
          id: 5,
          editionId: null,
          serial: null,
          price: '4.00',
          bidder: { id: 42, name: 'Vladislav' },
        });
        items = [made, ...items];
        return json({ offer: made }, 201);
      },
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await offersList();
    await userEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    expect(screen.getByRole('spinbutton', { name: 'Expires in (hours)' })).toHaveValue(24);
    typeIn('Your offer (TON)', '0');
    fireEvent.click(sheet().getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(MESSAGES.priceInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    typeIn('Your offer (TON)', '4');
    fireEvent.click(sheet().getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ packId: 1, price: '4', expiresInHours: 24 });
    // The form closes and the new offer leads the list, with Withdraw for its bidder only.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Open offers' })).getAllByTestId('offer-row')).toHaveLength(2),
    );
    expect(screen.queryByRole('form', { name: 'Make an offer' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Withdraw' })).toHaveLength(1);
  });

  it('says "Offer updated" when the new offer replaced an open one, and shows the API error otherwise', async () => {
    let status = 200;
    fakeApi({
      ...signedIn,
      ...pack,
      'GET /api/stickers/1/offers': () => json(packOffers([])),
      'POST /api/offers': () =>
        status === 200 ? json({ offer: offer({ id: 5 }) }, 200) : json({ error: MESSAGES.priceInvalid }, 400),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await screen.findByText('No offers yet.', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    typeIn('Your offer (TON)', '3');
    fireEvent.click(sheet().getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer updated')).toBeInTheDocument();
    status = 400;
    await userEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    typeIn('Your offer (TON)', '3');
    fireEvent.click(sheet().getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(MESSAGES.priceInvalid)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Make an offer' })).toBeInTheDocument();
  });

  it('sends a visitor who wants to make an offer to /login', async () => {
    fakeApi({ ...pack, 'GET /api/stickers/1/offers': () => json(packOffers([])) });
    renderApp('/sticker?id=1');
    await screen.findByText('No offers yet.', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    expect(await screen.findByText('Please log in to make an offer')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
  });

  it('lets the bidder withdraw their own offer', async () => {
    let items = [offer({ id: 3, bidder: { id: 42, name: 'Vladislav' } })];
    const { calls } = fakeApi({
      ...signedIn,
      ...pack,
      'GET /api/stickers/1/offers': () => json(packOffers(items)),
      'DELETE /api/offers/3': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await offersList();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument();
    expect(await screen.findByText('No offers yet.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/offers/3')).toBe(true);
  });
});

describe('Offers on the edition page', { timeout: 20_000 }, () => {
  const offers = () =>
    json(
      packOffers([
        offer({ id: 2, price: '3.00', editionId: null, serial: null }),
        offer({ id: 1, price: '2.50' }),
        offer({ id: 9, price: '2.00', editionId: 41, serial: 5 }),
      ]),
    );

  it("shows this edition's offers and pack-wide ones, and makes an offer on the edition", async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/editions/40': () => json(edition(7)),
      'GET /api/stickers/1/offers': offers,
      'POST /api/offers': () => json({ offer: offer({ id: 6 }) }, 201),
    });
    renderApp('/edition?id=40', { signedIn: true });
    expect(within(await offersList()).getAllByTestId('offer-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    typeIn('Your offer (TON)', '2.75');
    typeIn('Expires in (hours)', '72');
    fireEvent.click(sheet().getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      editionId: 40,
      price: '2.75',
      expiresInHours: 72,
    });
  });

  it('gives the owner Accept and Decline instead of Make offer; a pack-wide offer sells this edition', async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/editions/40': () => json(edition(42)),
      'GET /api/stickers/1/offers': offers,
      'POST /api/offers/2/accept': () => json({ error: OFFER_ERRORS.noLongerOpen }, 409),
      'POST /api/offers/1/decline': () => new Response(null, { status: 204 }),
    });
    renderApp('/edition?id=40', { signedIn: true });
    await offersList();
    expect(screen.queryByRole('button', { name: 'Make offer' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the offer of 3.00 from Ana' }));
    fireEvent.click(
      within(await screen.findByTestId('accept-sheet')).getByRole('button', { name: 'Accept and sell #4' }),
    );
    expect(await screen.findByText(OFFER_ERRORS.noLongerOpen)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('accept-sheet')).not.toBeInTheDocument());
    expect(calls.find((call) => call.path === '/api/offers/2/accept')?.body).toEqual({ editionId: 40 });
    await userEvent.click(screen.getByRole('button', { name: 'Decline the offer of 2.50 from Ana' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
  });
});
