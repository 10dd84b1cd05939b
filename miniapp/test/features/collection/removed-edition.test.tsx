import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../support/fake-api';
import { collectionItem, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

describe('Collection: an edition of a pack the marketplace removed', () => {
  it('is marked with why, in the owner’s words, and offers no Sell; an edition still on sale keeps Sell', async () => {
    const items = [
      collectionItem({ id: 1, editionId: 11, serial: 4, title: 'Night Owls', removed: { reason: 'creator_banned' } }),
      collectionItem({ id: 2, editionId: 12, serial: 5, title: 'Space Cats' }),
    ];
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/collection': () => json(items) });
    renderApp('/collection', { signedIn: true });
    const [removed, kept] = await screen.findAllByTestId('collection-entry');
    expect(within(removed!).getByRole('note').textContent).toBe('Removed by the marketplaceIts creator was banned');
    expect(within(removed!).queryByRole('button', { name: /^Sell/ })).not.toBeInTheDocument();
    expect(within(kept!).queryByRole('note')).not.toBeInTheDocument();
    expect(within(kept!).getByRole('button', { name: 'Sell edition #5' })).toBeInTheDocument();
  });
});
