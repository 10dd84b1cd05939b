import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EditionDetail } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { collectionItem, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const LOCK_END = '2026-12-14T00:06:00.000Z';
/** The first render loads the route's lazy chunk, which on a busy machine can take more than findBy's 1 s. */
const FIRST_RENDER = { timeout: 5000 };

function edition(overrides: Partial<EditionDetail> = {}): EditionDetail {
  return {
    id: 5,
    serial: 2,
    pack: { id: 1, title: 'Space Cats', imageUrl: null, maxSupply: 3 },
    owner: { id: 42, name: 'Vladislav', username: 'vlad' },
    listing: null,
    paidWith: 'stars',
    resellableFrom: LOCK_END,
    history: [],
    ...overrides,
  };
}

describe('Stars-safe editions in the mini-app', () => {
  it('the collection says when a Stars edition becomes resellable, and offers no Sell until then', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/collection': () =>
        json([
          collectionItem({ id: 1, editionId: 10, serial: 2, paidWith: 'stars', resellableFrom: LOCK_END }),
          collectionItem({ id: 2, editionId: 11, serial: 7, paidWith: 'ton', resellableFrom: null }),
        ]),
    });
    renderApp('/collection', { signedIn: true });
    // The date is a <time> of its own, kept on one line.
    const locked = await screen.findByText(/^Resellable from/, undefined, FIRST_RENDER);
    expect(locked).toHaveTextContent(/^Resellable from 14 Dec 2026, 00:06 UTC$/);
    expect(locked.querySelector('time')).toHaveAttribute('datetime', LOCK_END);
    expect(screen.queryByRole('button', { name: 'Sell edition #2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell edition #7' })).toBeInTheDocument();
  });

  it.each([
    [edition(), 'Paid in Stars, resellable from 14 Dec 2026, 00:06 UTC'],
    [edition({ resellableFrom: null }), 'Paid in Stars'],
    [edition({ paidWith: 'ton', resellableFrom: null }), 'Paid on chain'],
    [edition({ paidWith: 'stripe', resellableFrom: null }), 'Paid by card'],
  ])('the edition page says how it was paid: %#', async (detail, text) => {
    fakeApi({ 'GET /api/editions/5': () => json(detail) });
    renderApp('/edition?id=5');
    expect(await screen.findByTestId('edition-payment', undefined, FIRST_RENDER)).toHaveTextContent(
      new RegExp(`^${text}$`),
    );
  });

  it('says nothing of payment for an edition made outside a sale', async () => {
    fakeApi({ 'GET /api/editions/5': () => json(edition({ paidWith: null, resellableFrom: null })) });
    renderApp('/edition?id=5');
    expect(await screen.findByText('Space Cats #2 of 3', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByTestId('edition-payment')).not.toBeInTheDocument();
  });
});
