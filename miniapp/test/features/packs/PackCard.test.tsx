import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/router';
import { describe, expect, it, vi } from 'vitest';
import { PackCard, type CardPack } from '../../../src/features/packs/PackCard';
import { collectionItem, packCard } from '../../support/data';

function renderCard(pack: CardPack, props: Partial<Parameters<typeof PackCard>[0]> = {}) {
  return render(
    <MemoryRouter>
      <PackCard pack={pack} {...props} />
    </MemoryRouter>,
  );
}

describe('pack card (SPEC §2)', () => {
  it('links to the detail page and shows title, price with TON, counters and creator', () => {
    renderCard(packCard());
    expect(screen.getByRole('link')).toHaveAttribute('href', '/sticker?id=1');
    expect(screen.getByText('Space Cats')).toBeInTheDocument();
    expect(screen.getByText('1.50 TON')).toBeInTheDocument();
    expect(screen.getByTitle('Views')).toHaveTextContent('120');
    expect(screen.getByTitle('Likes')).toHaveTextContent('7');
    expect(screen.getByTitle('Sales')).toHaveTextContent('3');
    expect(screen.getByText('Alice')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
  });

  it('names what moves: Video for a video pack, Animated for a Lottie one, Emoji for an emoji pack', () => {
    const marker = (pack: CardPack) => {
      const { unmount } = renderCard(pack);
      const text = screen.queryByTestId('card-kind')?.textContent ?? null;
      unmount();
      return text;
    };
    expect(marker(packCard({ animated: true, video: true }))).toBe('Video');
    expect(marker(packCard({ animated: true, video: false }))).toBe('Animated');
    expect(marker(packCard({ animated: true }))).toBe('Animated');
    expect(marker(packCard({ kind: 'emoji', animated: true, video: true }))).toBe('Emoji');
    expect(marker(packCard({ animated: false }))).toBeNull();
  });

  it('shows Trending before New, New otherwise, and neither when both are false', () => {
    const { rerender } = renderCard(packCard({ isTrending: true, isNew: true }));
    expect(screen.getByText(/Trending/)).toBeInTheDocument();
    expect(screen.queryByText(/New/)).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <PackCard pack={packCard({ isTrending: false, isNew: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/New/)).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <PackCard pack={packCard({ isTrending: false, isNew: false })} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/Trending|New/)).not.toBeInTheDocument();
  });

  it('falls back: placeholder image, 0 counters, Creator as name', () => {
    renderCard({ id: 9, title: 'Bare', imageUrl: null, previewUrl: null, price: '2.00' });
    expect(screen.getByLabelText('No image')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTitle('Views')).toHaveTextContent('0');
    expect(screen.getByTitle('Likes')).toHaveTextContent('0');
    expect(screen.getByTitle('Sales')).toHaveTextContent('0');
    expect(screen.getByText('Creator')).toBeInTheDocument();
    expect(screen.getByText('C')).toBeInTheDocument();
  });

  it('shows purchasePrice instead of price with showPurchaseInfo, and the edition', () => {
    renderCard(collectionItem({ price: '3.00', purchasePrice: '1.25', edition: 7, maxSupply: 100 }), {
      showPurchaseInfo: true,
    });
    expect(screen.getByText('Paid 1.25 TON')).toBeInTheDocument();
    expect(screen.queryByText('3.00 TON')).not.toBeInTheDocument();
    expect(screen.getByText('Edition #7 of 100')).toBeInTheDocument();
  });

  it('marks a sold-out pack and says how many are left when few are', () => {
    const { rerender } = renderCard(packCard({ maxSupply: 100, soldCount: 3 }));
    expect(screen.queryByTestId('card-supply')).not.toBeInTheDocument();
    const show = (maxSupply: number, soldCount: number) =>
      rerender(
        <MemoryRouter>
          <PackCard pack={packCard({ maxSupply, soldCount })} />
        </MemoryRouter>,
      );
    show(100, 91);
    expect(screen.getByTestId('card-supply')).toHaveTextContent('9 left');
    show(5, 5);
    expect(screen.getByTestId('card-supply')).toHaveTextContent('Sold out');
  });

  it('clamps the description to 2 lines and staggers by 0.1 s per card', () => {
    renderCard(packCard(), { index: 3 });
    expect(screen.getByText('Cats floating in zero gravity')).toHaveStyle({ WebkitLineClamp: '2' });
    expect(screen.getByRole('link').style.animationDelay).toMatch(/^0\.3\d*s$/);
  });

  it('toggles the heart without following the link', async () => {
    const onToggle = vi.fn();
    renderCard(packCard({ isFavorite: true }), { onToggleFavorite: onToggle });
    const heart = screen.getByRole('button', { name: 'Remove from favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it("asks for a later card's picture only once it comes within a screen of the viewport; the first at once", () => {
    const watched: { element: Element; margin?: string; report: (near: boolean) => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(
          private readonly callback: IntersectionObserverCallback,
          private readonly options?: IntersectionObserverInit,
        ) {}
        observe(element: Element) {
          watched.push({
            element,
            margin: this.options?.rootMargin,
            report: (near) => this.callback([{ isIntersecting: near } as IntersectionObserverEntry], this as never),
          });
        }
        disconnect() {}
      },
    );
    renderCard(packCard({ title: 'First' }), { index: 0 });
    expect(screen.getByRole('img', { name: 'First' })).toHaveAttribute('loading', 'eager');
    expect(watched).toEqual([]);

    renderCard(packCard({ id: 2, title: 'Later' }), { index: 5 });
    expect(screen.queryByRole('img', { name: 'Later' })).not.toBeInTheDocument();
    // Its box stands meanwhile, without the no-image placeholder.
    expect(screen.queryByLabelText('No image')).not.toBeInTheDocument();
    expect(watched).toHaveLength(1);
    expect(watched[0]!.margin).toBe('100%');
    act(() => watched[0]!.report(false));
    expect(screen.queryByRole('img', { name: 'Later' })).not.toBeInTheDocument();
    act(() => watched[0]!.report(true));
    expect(screen.getByRole('img', { name: 'Later' })).toHaveAttribute('loading', 'lazy');
  });
});
