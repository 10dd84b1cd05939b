import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../support/fake-api';
import { packCard, stats, user } from '../support/data';
import { insideTelegram } from '../support/fake-sdk';
import { renderApp } from '../support/render-app';

const eight = Array.from({ length: 8 }, (_, index) => packCard({ id: index + 1, title: `Pack ${index + 1}` }));

describe('Home', () => {
  it('shows the hero, the spinner while loading, then at most 6 trending cards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = fakeApi({
      'GET /api/marketplace/stats': () => json(stats),
      'GET /api/stickers/trending/list': async () => {
        await gate;
        return json(eight);
      },
    });
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Browse Marketplace' })).toHaveAttribute('href', '#/marketplace');
    expect(screen.getByRole('link', { name: 'Create Stickers' })).toHaveAttribute('href', '#/create');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(6));
    expect(screen.getByRole('link', { name: /View All Stickers/ })).toHaveAttribute('href', '#/marketplace');
    expect(calls.find((call) => call.path.startsWith('/api/stickers/trending/list'))?.path).toBe(
      '/api/stickers/trending/list?limit=6',
    );
    // Below the fold, in a chunk of its own.
    expect(await screen.findByText('Why Choose Stickerdrop?')).toBeInTheDocument();
    for (const blurb of ['Limited Editions', 'Resale Market', 'Creator Tools']) {
      expect(screen.getByRole('heading', { name: blurb })).toBeInTheDocument();
    }
  });

  it('falls back to SPEC figures when the stats call fails', async () => {
    fakeApi({
      'GET /api/marketplace/stats': () => json({ error: 'down' }, 500),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/');
    const tiles = screen.getByLabelText('Marketplace statistics');
    await waitFor(() => expect(within(tiles).getByText('89.5K')).toBeInTheDocument(), { timeout: 4000 });
    expect(within(tiles).getByText('1,234')).toBeInTheDocument();
    expect(within(tiles).getByText('567')).toBeInTheDocument();
    expect(within(tiles).getByText('2,345')).toBeInTheDocument();
  });

  it('inside Telegram leads with packs: trending, new drops and on resale, no banner, the figures last', async () => {
    const { calls } = fakeApi({
      'GET /api/marketplace/stats': () => json(stats),
      'GET /api/stickers/trending/list': () => json(eight),
      'GET /api/stickers': ({ url }) =>
        json({
          items: [packCard({ id: 40, title: url.searchParams.get('availability') === 'resale' ? 'Listed' : 'Fresh' })],
          nextCursor: null,
        }),
    });
    renderApp('/', { telegram: insideTelegram });
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(8));
    expect(screen.queryByRole('link', { name: 'Browse Marketplace' })).not.toBeInTheDocument();
    expect(screen.queryByText('Why Choose Stickerdrop?')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Trending Stickers',
      'New drops',
      'On resale',
    ]);
    expect(within(screen.getByTestId('home-drops')).getByText('Fresh')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-resale')).getByText('Listed')).toBeInTheDocument();
    const asked = calls.filter((call) => call.path.startsWith('/api/stickers?')).map((call) => call.path);
    expect(asked).toContainEqual(expect.stringMatching(/sort=newest.*availability=primary.*limit=4/));
    expect(asked).toContainEqual(expect.stringMatching(/sort=trending.*availability=resale.*limit=4/));
    const figures = screen.getByLabelText('Marketplace statistics');
    expect(figures).toHaveClass('stat-tiles--compact');
    expect(screen.getByTestId('home-resale').compareDocumentPosition(figures)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('inside Telegram leaves out the resale shelf when nothing is listed', async () => {
    fakeApi({
      'GET /api/stickers/trending/list': () => json(eight),
      'GET /api/stickers': ({ url }) =>
        json({ items: url.searchParams.get('availability') === 'resale' ? [] : eight.slice(0, 4), nextCursor: null }),
    });
    renderApp('/', { telegram: insideTelegram });
    await waitFor(() => expect(within(screen.getByTestId('home-drops')).getAllByTestId('pack-card')).toHaveLength(4));
    await waitFor(() => expect(screen.queryByTestId('home-resale')).not.toBeInTheDocument());
  });

  it('shows Home for unknown routes', async () => {
    fakeApi({ 'GET /api/stickers/trending/list': () => json([]) });
    renderApp('/no/such/page');
    expect(await screen.findByText('Trending Stickers')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });
});

describe('Header', () => {
  it('signed out: Home and Marketplace links and a Login button, Home highlighted', async () => {
    fakeApi({ 'GET /api/stickers/trending/list': () => json([]) });
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Marketplace']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveClass('nav-link--active');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '#/login');
  });

  it('signed in: Create and Collection links, the avatar initial and first name with a Profile link', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ first_name: 'Vladislav' }) }),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/', { signedIn: true });
    const profile = await screen.findByRole('link', { name: /Vladislav/ });
    expect(profile).toHaveAttribute('href', '#/profile');
    expect(profile).toHaveTextContent('V');
    expect(profile).toHaveTextContent('Profile');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Marketplace', 'Create', 'Collection']);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('falls back to U and User when Telegram gave no first name', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ first_name: '' }) }),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/', { signedIn: true });
    const profile = await screen.findByRole('link', { name: /User/ });
    expect(profile).toHaveTextContent(/^UUserProfile$/);
  });

  it('a failed start-up check removes the stored access token and stays signed out', async () => {
    fakeApi({
      'GET /api/auth/me': () => json({ error: 'Internal server error' }, 500),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/', { signedIn: true });
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBeNull());
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
