import { Suspense } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute, Link, MemoryRouter, NavLink, Route, Routes } from '../../src/router';

/** The app's router at /marketplace showing `Marketplace`, with a Suspense fallback that says "Loading". */
function renderAtMarketplace(Marketplace: ReturnType<typeof lazyRoute>) {
  return render(
    <MemoryRouter initialEntry="/marketplace">
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route path="marketplace" element={<Marketplace />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

describe('loading a route before it is shown', () => {
  it('asks for the route of a link on hover, touch and focus, by its path without the query', () => {
    const preload = vi.fn();
    render(
      <MemoryRouter preload={preload}>
        <Link to="/sticker?id=7">Pack</Link>
        <NavLink to="/marketplace">Marketplace</NavLink>
      </MemoryRouter>,
    );
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Pack' }));
    fireEvent.touchStart(screen.getByRole('link', { name: 'Pack' }));
    fireEvent.focus(screen.getByRole('link', { name: 'Marketplace' }));
    expect(preload.mock.calls).toEqual([['/sticker'], ['/sticker'], ['/marketplace']]);
  });

  it('keeps a handler the link was given beside its own', () => {
    const preload = vi.fn();
    const onMouseEnter = vi.fn();
    render(
      <MemoryRouter preload={preload}>
        <Link to="/marketplace" onMouseEnter={onMouseEnter}>
          Marketplace
        </Link>
      </MemoryRouter>,
    );
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Marketplace' }));
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('loads a lazy route once, whether it was preloaded first or rendered first', async () => {
    const load = vi.fn(() => Promise.resolve(() => <h1>Marketplace</h1>));
    const Marketplace = lazyRoute(load);
    void Marketplace.preload();
    void Marketplace.preload();
    renderAtMarketplace(Marketplace);
    await screen.findByRole('heading', { name: 'Marketplace' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a lazy route already loaded (the first render replaces the first screen the document drew)', () => {
  it('renders at once, without showing its Suspense fallback even for a moment', async () => {
    const Marketplace = lazyRoute(() => Promise.resolve(() => <h1>Marketplace</h1>));
    await Marketplace.preload();
    const { container } = renderAtMarketplace(Marketplace);
    // render() has committed the first render: the screen is in it, and no fallback came before.
    expect(container.innerHTML).toBe('<h1>Marketplace</h1>');
  });
});
