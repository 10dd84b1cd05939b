import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../support/fake-api';
import { collectionItem, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

import { studioResponse } from '../studio/studio-data';
import studio from '../../../src/features/studio/locales/en.json';

const old = new Date(Date.now() - 30 * 86_400_000).toISOString();
const items = [
  collectionItem({ id: 1, title: 'Space Cats', tags: ['cats'], purchasePrice: '1.10', isFavorite: true, edition: 4 }),
  collectionItem({ id: 2, title: 'Happy Dogs', tags: ['dogs'], purchasePrice: '2.205', purchasedAt: old, edition: 9 }),
];

describe('Collection', () => {
  it('shows stat cards, edition numbers, and filters All / Recent / Favorites with search on tags', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/collection': () => json(items) });
    renderApp('/collection', { signedIn: true });
    expect(await screen.findByText('3.31 TON')).toBeInTheDocument();
    expect(screen.getByText('Edition #4 of 100')).toBeInTheDocument();
    expect(screen.getAllByTestId('pack-card')).toHaveLength(2);
    expect(screen.getAllByTestId('pack-card')[0]).toHaveAttribute('href', '#/sticker?id=1');

    await userEvent.click(screen.getByRole('button', { name: 'Recent' }));
    expect(screen.getAllByTestId('pack-card')).toHaveLength(1);
    expect(screen.getByText('Space Cats')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your collection' }), 'DOGS');
    expect(screen.getAllByTestId('pack-card')).toHaveLength(1);
    expect(screen.getByText('Happy Dogs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Favorites' }));
    expect(screen.getByText('No packs match')).toBeInTheDocument();
  });

  it('says what the collection is worth today, what it cost and the difference, in total and per edition', async () => {
    const priced = [
      collectionItem({ id: 1, editionId: 11, purchasePrice: '1.10', value: '2.00', gain: '0.90' }),
      collectionItem({ id: 2, editionId: 12, purchasePrice: '3.00', value: '2.50', gain: '-0.50' }),
      collectionItem({ id: 3, editionId: 13, purchasePrice: '1.00', value: null, gain: null }),
    ];
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/collection': () => json(priced) });
    renderApp('/collection', { signedIn: true });
    const total = await screen.findByTestId('collection-worth');
    // Paid counts every edition (5.10); value and gain only the priced ones: 4.50 against 4.10 paid.
    expect(total.textContent).toBe(
      'Worth 4.50\u00a0TON today · paid 5.10\u00a0TON +0.40\u00a0TON (1 edition has no price today)',
    );
    expect(screen.getAllByTestId('edition-worth').map((line) => line.textContent)).toEqual([
      'Worth 2.00\u00a0TON today +0.90\u00a0TON',
      'Worth 2.50\u00a0TON today \u22120.50\u00a0TON',
    ]);
    expect(screen.getByText('No price today: sold out and none listed')).toBeInTheDocument();
  });

  it('is empty with a Browse Marketplace link, also when loading fails (only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/collection': () => json({}, 400) });
    renderApp('/collection', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute('href', '#/marketplace');
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load the collection', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a creator’s Created tab lists their packs newest first, each with Share your drop', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
      'GET /api/collection': () => json([]),
      'GET /api/studio': () => json(studioResponse()),
      'GET /api/config': () => json({ botUsername: null, paymentMethods: ['ton'], demo: false }),
    });
    renderApp('/collection?tab=created', { signedIn: true });
    const created = await screen.findAllByTestId('created-pack');
    expect(created.map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual([
      'Night Owls',
      'Space Cats',
    ]);
    expect(within(created[1]!).getByText('1.50 TON · 3 / 100 sold')).toBeInTheDocument();
    expect(within(created[0]!).getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share your drop: Space Cats' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: studio['studio.created.openStudio'] })).toHaveAttribute('href', '#/studio');
    expect(screen.queryByText('Your collection is empty')).not.toBeInTheDocument();
  });

  it('collectors get no Created tab', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/collection': () => json(items) });
    renderApp('/collection?tab=created', { signedIn: true });
    expect(await screen.findAllByTestId('pack-card')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Created' })).not.toBeInTheDocument();
  });
});
