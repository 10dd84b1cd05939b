import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type Profile } from '@stickerdrop/shared';
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
    expect(await screen.findByText(MESSAGES.profileUpdatedOnProfile)).toBeInTheDocument();
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
    expect(await screen.findByText(MESSAGES.profileLoadFailed)).toBeInTheDocument();
  });

  it('logout clears both tokens and the user, toasts and goes home', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/users/profile': () => json(profile),
      'POST /api/auth/logout': () => json({ ok: true }),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/profile', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(MESSAGES.logoutSuccess)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/logout')?.body).toEqual({ refreshToken: 'refresh-1' }),
    );
  });
});
