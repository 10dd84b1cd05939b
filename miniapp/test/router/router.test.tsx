import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HashRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from '../../src/router';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {useNavigationType()} {location.pathname}
      {location.search}
    </p>
  );
}

function Layout() {
  return (
    <main>
      <Where />
      <Outlet />
    </main>
  );
}

function Routed({ extra }: { extra?: React.ReactNode }) {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<h1>Home</h1>} />
        <Route path="marketplace" element={<h1>Marketplace</h1>} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
      {extra}
    </Routes>
  );
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the hash router', () => {
  it('renders the route after the hash inside its layout, and an unknown one as Home in place', () => {
    window.history.replaceState(null, '', '/#/nowhere?x=1');
    render(
      <HashRouter>
        <Routed />
      </HashRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Home');
    expect(where()).toBe('REPLACE /');
    expect(window.location.hash).toBe('#/');
    // Replaced, not pushed: the first entry keeps index 0, so Back has nothing of ours to go to.
    expect((window.history.state as { idx: number }).idx).toBe(0);
  });

  it('follows a plain click on a link as a new entry, and leaves a modified click to the browser', () => {
    window.history.replaceState(null, '', '/#/');
    render(
      <HashRouter>
        <Link to="/marketplace?sort=price">Browse</Link>
        <Routed />
      </HashRouter>,
    );
    const link = screen.getByRole('link', { name: 'Browse' });
    expect(link.getAttribute('href')).toBe('#/marketplace?sort=price');
    const modified = fireEvent.click(link, { ctrlKey: true });
    expect(modified).toBe(true); // not prevented: a new tab opens
    expect(where()).toBe('POP /');
    fireEvent.click(link);
    expect(screen.getByRole('heading').textContent).toBe('Marketplace');
    expect(where()).toBe('PUSH /marketplace?sort=price');
    expect((window.history.state as { idx: number }).idx).toBe(1);
  });

  it('answers Back (popstate) with the entry it returns to', () => {
    window.history.replaceState(null, '', '/#/');
    render(
      <HashRouter>
        <Routed />
      </HashRouter>,
    );
    act(() => {
      window.history.pushState({ idx: 1, key: 'k' }, '', '/#/marketplace');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('POP /marketplace');
  });
});

describe('links, navigation and the query', () => {
  function Controls() {
    const navigate = useNavigate();
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="q">{params.get('q') ?? ''}</p>
        <button
          onClick={() => setParams((current) => ({ ...Object.fromEntries(current), q: 'cats' }), { replace: true })}
        >
          Search
        </button>
        <button onClick={() => navigate('/marketplace')}>Go</button>
        <button onClick={() => navigate(-1)}>Back</button>
      </>
    );
  }

  it('writes the query in place, pushes routes and goes back', () => {
    render(
      <MemoryRouter initialEntry="/?tab=created">
        <Controls />
        <Routed />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(where()).toBe('REPLACE /?tab=created&q=cats');
    expect(screen.getByTestId('q').textContent).toBe('cats');
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(where()).toBe('PUSH /marketplace');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toBe('POP /?tab=created&q=cats');
  });

  it('marks the current route’s NavLink with aria-current and its active class', () => {
    render(
      <MemoryRouter initialEntry="/marketplace?sort=new">
        <NavLink to="/marketplace" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Marketplace
        </NavLink>
        <NavLink to="/" end className="tab">
          Home
        </NavLink>
      </MemoryRouter>,
    );
    const market = screen.getByRole('link', { name: 'Marketplace' });
    expect(market.getAttribute('aria-current')).toBe('page');
    expect(market.className).toBe('on');
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBeNull();
    expect(home.className).toBe('tab');
  });
});
