import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const profile = {
  displayName: 'Vlad',
  bio: 'Sticker fan',
  website: 'https://vlad.example',
  stickersCreated: 0,
  stickersSold: 0,
  totalEarnings: '0.00',
  stickersPurchased: 0,
  primarySales: 0,
  primaryRevenue: '0.00',
  resales: 0,
  resaleProceeds: '0.00',
  royaltiesPaid: '0.00',
  royaltiesOwed: '0.00',
  totalSpent: '0.00',
  language: 'en',
} satisfies Profile;

describe("the profile's language switch", () => {
  it('changes the app at once and stores the choice with the profile unchanged', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': () => json({ user: user({ language: 'en' }) }),
      'GET /api/users/profile': () => json(profile),
      'PUT /api/users/profile': () => json({ user: user({ language: 'ru' }), profile: { ...profile, language: 'ru' } }),
    });
    renderApp('/profile', { signedIn: true });
    const choice = await screen.findByRole('group', { name: 'Language of the app and the bot' });
    await userEvent.click(within(choice).getByRole('button', { name: 'Русский' }));
    // The tab bar's and the header's words are in Russian without a reload.
    expect(await screen.findByRole('group', { name: 'Язык приложения и бота' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Маркет' }).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe('ru');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT' && call.path === '/api/users/profile')!;
    expect(put.body).toEqual({
      displayName: 'Vlad',
      bio: 'Sticker fan',
      website: 'https://vlad.example',
      language: 'ru',
    });
  });

  it('goes back to the language it was in when the save fails', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ language: 'en' }) }),
      'GET /api/users/profile': () => json(profile),
      'PUT /api/users/profile': () => json({ error: 'Internal server error' }, 500),
    });
    renderApp('/profile', { signedIn: true });
    const choice = await screen.findByRole('group', { name: 'Language of the app and the bot' });
    await userEvent.click(within(choice).getByRole('button', { name: 'Русский' }));
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Language of the app and the bot' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
