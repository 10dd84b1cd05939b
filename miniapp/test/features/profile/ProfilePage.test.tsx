import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Profile, type SignedInSession } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const profile: Profile = {
  displayName: 'Vlad',
  bio: 'Sticker fan',
  website: 'https://vlad.example',
  stickersCreated: 2,
  stickersSold: 5,
  totalEarnings: '7.50',
  stickersPurchased: 3,
  primarySales: 4,
  primaryRevenue: '6.00',
  resales: 1,
  resaleProceeds: '1.40',
  royaltiesPaid: '0.10',
  royaltiesOwed: '0.25',
  totalSpent: '4.20',
};

describe('Profile', () => {
  it('shows account info, statistics and the buttons; non-creators get no Create Sticker', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/users/profile': () => json(profile) });
    renderApp('/profile', { signedIn: true });
    expect(await screen.findByText('@vlad')).toBeInTheDocument();
    expect(await screen.findByText('7.50 TON')).toBeInTheDocument();
    expect(screen.getByText('Sticker fan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Collection' })).toHaveAttribute('href', '#/collection');
    expect(screen.queryByRole('link', { name: 'Create Sticker' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('creators get the Create Sticker button', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
      'GET /api/users/profile': () => json(profile),
    });
    renderApp('/profile', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Create Sticker' })).toHaveAttribute('href', '#/create');
    const buttons = screen.getByRole('link', { name: 'My Collection' }).parentElement!;
    expect(within(buttons).getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '#/studio');
  });

  it('shows where the earnings came from: own packs, resales, royalties paid and owed, and spending', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
      'GET /api/users/profile': () => json(profile),
    });
    renderApp('/profile', { signedIn: true });
    const money = await screen.findByRole('region', { name: 'Earnings and spending' });
    const pairs = within(money)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Sales of your packs', '4 · 6.00\u00a0TON'],
      ['Your resales', '1 · 1.40\u00a0TON'],
      ['Royalties received', '0.10\u00a0TON'],
      ['Royalties owed', '0.25\u00a0TON'],
      ['Spent on packs', '4.20\u00a0TON'],
    ]);
  });

  it('a collector has no royalties owed to see; the wallet shows shortened and copies whole', async () => {
    const address = `0:${'41'.repeat(32)}`;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ walletAddress: address }) }),
      'GET /api/users/profile': () => json(profile),
    });
    renderApp('/profile', { signedIn: true });
    const money = await screen.findByRole('region', { name: 'Earnings and spending' });
    expect(within(money).queryByText('Royalties owed')).not.toBeInTheDocument();
    expect(within(money).getByText('Royalties received')).toBeInTheDocument();
    expect(screen.getByText('0:4141\u20264141')).toHaveAttribute('title', address);
    await userEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('Address copied')).toBeInTheDocument();
  });

  it('edits with Save Changes (SPEC toast) and Cancel leaves the profile as it was', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/users/profile': () => json(profile),
      'PUT /api/users/profile': ({ body }) =>
        json({ user: user({ bio: 'New bio' }), profile: { ...profile, ...(body as object) } }),
    });
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Bio' }), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Sticker fan')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAttribute('type', 'url');
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    await userEvent.clear(bio);
    await userEvent.type(bio, 'New bio');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('New bio')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      displayName: 'Vlad',
      bio: 'New bio',
      website: 'https://vlad.example',
    });
  });

  it('shows the server error when saving fails', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/users/profile': () => json(profile),
      'PUT /api/users/profile': () => json({ error: 'Website must be an http(s) URL' }, 400),
    });
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Website must be an http(s) URL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('toasts when the profile cannot be loaded', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/users/profile': () => json({}, 400) });
    renderApp('/profile', { signedIn: true });
    expect(await screen.findByText('Failed to load profile')).toBeInTheDocument();
  });

  it('logout clears both tokens and the user, toasts and goes home', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/users/profile': () => json(profile),
      // As the API answers it: 204, no body.
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    // The hash moves first; the header that shows Login comes with the render that follows it.
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/logout')?.body).toEqual({ refreshToken: 'refresh-1' }),
    );
  });

  describe('where you are signed in', () => {
    const phone: SignedInSession = {
      id: '11111111-1111-4111-8111-111111111111',
      via: 'telegram',
      signedInAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-24T09:30:00.000Z',
      expiresAt: '2026-12-24T09:30:00.000Z',
      current: true,
    };
    const browser: SignedInSession = {
      id: '22222222-2222-4222-8222-222222222222',
      via: 'bot',
      signedInAt: '2026-11-24T08:00:00.000Z',
      lastUsedAt: '2026-11-24T08:00:00.000Z',
      expiresAt: '2026-12-24T08:00:00.000Z',
      current: false,
    };

    it('lists each session, marks this one, and signs another out', async () => {
      let sessions = [phone, browser];
      const { calls } = fakeApi({
        'GET /api/auth/me': () => json({ user: user() }),
        'GET /api/users/profile': () => json(profile),
        'GET /api/auth/sessions': () => json({ sessions }),
        [`DELETE /api/auth/sessions/${browser.id}`]: () => {
          sessions = [phone];
          return new Response(null, { status: 204 });
        },
      });
      renderApp('/profile', { signedIn: true });
      const section = await screen.findByRole('region', { name: 'Where you are signed in' });
      await within(section).findByText('Web browser, signed in through the bot');
      const rows = within(section).getAllByTestId('session');
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('Telegram mini-app');
      expect(rows[0]).toHaveTextContent('This device');
      expect(rows[1]).not.toHaveTextContent('This device');
      // Relative to the clock, with the exact time on hover (components/RelativeTime).
      expect(rows[1]).toHaveTextContent(/Signed in .+ · last used .+/);
      const signedIn = rows[1]!.querySelector(`time[datetime="${browser.signedInAt}"]`);
      expect(signedIn?.closest('button')).toHaveAttribute('title', expect.stringMatching(/^Nov 24, 2026/));

      await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out: Web browser/ }));
      expect(await screen.findByText('Signed out of that session')).toBeInTheDocument();
      await waitFor(() => expect(within(section).getAllByTestId('session')).toHaveLength(1));
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        `/api/auth/sessions/${browser.id}`,
      ]);
      expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    });

    it('signing this session out is the logout', async () => {
      const { calls } = fakeApi({
        'GET /api/auth/me': () => json({ user: user() }),
        'GET /api/users/profile': () => json(profile),
        'GET /api/auth/sessions': () => json({ sessions: [phone] }),
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
        'GET /api/stickers/trending/list': () => json([]),
      });
      renderApp('/profile', { signedIn: true });
      await userEvent.click(await screen.findByRole('button', { name: /^Sign out: Telegram mini-app/ }));
      expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
      await waitFor(() => expect(window.location.hash).toBe('#/'));
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    });
  });
});
