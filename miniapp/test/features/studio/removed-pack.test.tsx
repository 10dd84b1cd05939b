import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../src/i18n/language';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { studioPack, studioResponse } from './studio-data';

/** The creator's packs: one taken down for copyright, one hidden with their ban, one still on sale. */
function creatorWithRemovedPacks() {
  const packs = [
    studioPack({ id: 3, title: 'Traced Foxes', removed: { reason: 'copyright' } }),
    studioPack({ id: 2, title: 'Night Owls', removed: { reason: 'creator_banned' } }),
    studioPack(),
  ];
  fakeApi({
    'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
    'GET /api/studio': () => json(studioResponse({ packs })),
    'GET /api/collection': () => json([]),
    'GET /api/config': () => json({ botUsername: 'stickerdrop_bot', paymentMethods: ['ton'], demo: false }),
  });
}

const statusCells = async () =>
  (await screen.findAllByTestId('studio-row')).map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('Studio: a pack the marketplace removed', () => {
  it('is marked “Removed by the marketplace” with why, in place of its drop status', async () => {
    creatorWithRemovedPacks();
    renderApp('/studio', { signedIn: true });
    expect(await statusCells()).toEqual([
      'Removed by the marketplaceCopyright: it copies someone’s work',
      'Removed by the marketplaceYour account was banned',
      'On sale',
    ]);
  });

  it('says so in Russian', async () => {
    await act(() => switchLanguage('ru'));
    creatorWithRemovedPacks();
    renderApp('/studio', { signedIn: true });
    expect(await statusCells()).toEqual([
      'Удалён маркетплейсомАвторские права: копирует чужую работу',
      'Удалён маркетплейсомВаш аккаунт заблокирован',
      'В продаже',
    ]);
  });

  it('is marked on the collection’s Created tab too, with no Share your drop for a link that leads nowhere', async () => {
    creatorWithRemovedPacks();
    renderApp('/collection?tab=created', { signedIn: true });
    const created = await screen.findAllByTestId('created-pack');
    expect(within(created[0]!).getByText('Removed by the marketplace')).toBeInTheDocument();
    expect(within(created[0]!).getByText('Copyright: it copies someone’s work')).toBeInTheDocument();
    expect(within(created[1]!).getByText('Your account was banned')).toBeInTheDocument();
    expect(within(created[2]!).queryByText('Removed by the marketplace')).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('button', { name: /^Share your drop/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Share your drop: Space Cats']);
  });
});
