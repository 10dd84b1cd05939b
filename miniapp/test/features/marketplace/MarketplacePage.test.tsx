import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../src/i18n/language';
import { fakeApi, json } from '../../support/fake-api';
import { packCard, stats } from '../../support/data';
import { renderApp } from '../../support/render-app';

const packs = [
  packCard({
    id: 1,
    title: 'Space Cats',
    description: 'zero gravity',
    creator: { id: 1, name: 'Alice', username: 'alice' },
  }),
  packCard({ id: 2, title: 'Happy Dogs', description: 'woof', creator: { id: 2, name: 'Bob', username: 'bobby' } }),
];

describe('Marketplace', () => {
  it('shows stat cards with the average price in TON and the packs', async () => {
    fakeApi({
      'GET /api/marketplace/stats': () => json(stats),
      'GET /api/stickers': () => json({ items: packs, nextCursor: null }),
    });
    renderApp('/marketplace');
    expect(await screen.findByText('2.35 TON')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(2));
  });

  it('rounds an exact average price to two decimals for display', async () => {
    fakeApi({
      'GET /api/marketplace/stats': () => json({ ...stats, avgPrice: '1.668846154' }),
      'GET /api/stickers': () => json({ items: packs, nextCursor: null }),
    });
    renderApp('/marketplace');
    expect(await screen.findByText('1.67 TON')).toBeInTheDocument();
  });

  it('sorts with the four buttons (trending first) and switches to list view', async () => {
    const { calls } = fakeApi({ 'GET /api/stickers': () => json({ items: packs, nextCursor: null }) });
    renderApp('/marketplace');
    const sort = screen.getByRole('group', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Trending', 'Newest', 'Price: Low to High', 'Price: High to Low']);
    expect(within(sort).getByRole('button', { name: 'Trending' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(sort).getByRole('button', { name: 'Price: Low to High' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('sort=price_low'))).toBe(true));
    expect(calls.find((call) => call.path.startsWith('/api/stickers'))?.path).toContain('sort=trending');
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(document.querySelector('[data-view]')).toHaveAttribute('data-view', 'list');
  });

  it('searches case-insensitively on title, description and creator username', async () => {
    const { calls } = fakeApi({ 'GET /api/stickers': () => json({ items: packs, nextCursor: null }) });
    renderApp('/marketplace');
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sticker packs' }), 'BOBBY');
    expect(screen.getAllByTestId('pack-card')).toHaveLength(1);
    expect(screen.getByText('Happy Dogs')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path.includes('search=BOBBY'))).toBe(true));
  });

  it("shows what the server found by a sticker's emoji or keyword, which no title or description holds", async () => {
    fakeApi({
      'GET /api/stickers': ({ url }) => {
        const search = url.searchParams.get('search');
        return json({ items: search === '😸' || search === 'whiskers' ? [packs[0]] : packs, nextCursor: null });
      },
    });
    renderApp('/marketplace');
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(2));
    const box = screen.getByRole('searchbox', { name: 'Search sticker packs' });
    for (const search of ['😸', 'whiskers']) {
      await userEvent.clear(box);
      // Pasted: typing would split the emoji's two UTF-16 halves into two keys.
      await userEvent.paste(search);
      await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(1));
      expect(screen.getByText('Space Cats')).toBeInTheDocument();
    }
  });

  it('shows SPEC error screen and toast when loading fails', async () => {
    fakeApi({ 'GET /api/stickers': () => json({ error: 'boom' }, 400) });
    renderApp('/marketplace');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Unable to load the marketplace. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Failed to load marketplace')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fakeApi({ 'GET /api/stickers': () => json({ items: [], nextCursor: null }) });
    renderApp('/marketplace');
    expect(await screen.findByText('No sticker packs found')).toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const { calls } = fakeApi({
      'GET /api/stickers': ({ url }) =>
        url.searchParams.get('cursor') === 'c2'
          ? json({ items: [packCard({ id: 3, title: 'Third' })], nextCursor: null })
          : json({ items: packs, nextCursor: 'c2' }),
    });
    renderApp('/marketplace');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Third')).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('cursor=c2'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says nothing is on resale (not that a search missed) and leads back to all packs', async () => {
    fakeApi({
      'GET /api/stickers': ({ url }) =>
        json({ items: url.searchParams.get('availability') === 'resale' ? [] : packs, nextCursor: null }),
    });
    renderApp('/marketplace?market=resale');
    expect(await screen.findByText('Nothing is on resale right now', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('No sticker packs found')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all packs' }));
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(2));
  });

  it('speaks Russian: figures in Russian digits, the sort, market and view buttons, and the empty search', async () => {
    fakeApi({
      'GET /api/marketplace/stats': () => json({ ...stats, totalSales: 1234, avgPrice: '1234.5' }),
      'GET /api/stickers': ({ url }) => json({ items: url.searchParams.get('search') ? [] : packs, nextCursor: null }),
    });
    await act(() => switchLanguage('ru'));
    renderApp('/marketplace');
    const tiles = await screen.findByLabelText('Статистика маркета');
    // Testing Library reads no-break spaces as spaces.
    expect((await within(tiles).findByText('1 234,50 TON')).textContent).toBe('1\u00a0234,50\u00a0TON');
    expect(within(tiles).getByText('1 234')).toBeInTheDocument();
    expect(within(tiles).getByText('Средняя цена')).toBeInTheDocument();
    const sort = screen.getByRole('group', { name: 'Сортировка' });
    expect(
      within(sort)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['В тренде', 'Новые', 'Дешевле', 'Дороже']);
    expect(screen.getByRole('button', { name: 'Фильтры' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Списком' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(2));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Поиск стикерпаков' }), 'zzz');
    expect(await screen.findByText('Стикерпаки не найдены')).toBeInTheDocument();
    expect(screen.getByText('Попробуйте другой запрос или сортировку.')).toBeInTheDocument();
  });

  it('asks the API for the filters the address holds, shows them as chips, and resets them', async () => {
    const { calls } = fakeApi({
      'GET /api/stickers': ({ url }) =>
        json({ items: url.searchParams.get('category') ? [] : packs, nextCursor: null }),
    });
    renderApp('/marketplace?category=animals&format=video&minPrice=0.5&maxPrice=2&availability=primary');
    expect(await screen.findByText('No packs match these filters')).toBeInTheDocument();
    const asked = new URL(calls.find((call) => call.path.startsWith('/api/stickers'))!.path, 'http://x').searchParams;
    expect(
      Object.fromEntries(['category', 'format', 'minPrice', 'maxPrice', 'availability'].map((k) => [k, asked.get(k)])),
    ).toEqual({ category: 'animals', format: 'video', minPrice: '0.5', maxPrice: '2', availability: 'primary' });
    const active = screen.getByRole('group', { name: 'Filters on' });
    expect(
      within(active)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['From creators', 'Animals', 'Video', '0.5–2\u00a0TON', 'Reset filters']);
    expect(screen.getByRole('button', { name: 'Filters, 4 on' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await waitFor(() => expect(screen.getAllByTestId('pack-card')).toHaveLength(2));
    expect(window.location.hash).toBe('#/marketplace');
  });

  it('chooses filters in the sheet, refusing a range whose lowest price is above its highest', async () => {
    const { calls } = fakeApi({ 'GET /api/stickers': () => json({ items: packs, nextCursor: null }) });
    renderApp('/marketplace');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    // The sheet's drawer captures the pointer, which jsdom cannot: inside it, events are fired.
    const sheet = within(await screen.findByRole('form', { name: 'Filters' }));
    const chip = (group: string, name: string) =>
      fireEvent.click(within(sheet.getByRole('group', { name: group })).getByRole('button', { name }));
    const price = (name: string, value: string) => fireEvent.change(sheet.getByLabelText(name), { target: { value } });
    chip('Market', 'On resale');
    chip('Category', 'Food');
    chip('Format', 'Animated');
    price('Price, TON: From', '3');
    price('Price, TON: To', '1,5');
    fireEvent.click(sheet.getByRole('button', { name: 'Show results' }));
    expect(sheet.getByRole('alert')).toHaveTextContent('The lowest price is above the highest.');
    price('Price, TON: From', '1');
    fireEvent.click(sheet.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument());
    expect(new URLSearchParams(window.location.hash.split('?')[1]).toString()).toBe(
      'category=food&format=animated&minPrice=1&maxPrice=1.5&availability=resale',
    );
    await waitFor(() => expect(calls.some((call) => call.path.includes('format=animated'))).toBe(true));
  });
});
