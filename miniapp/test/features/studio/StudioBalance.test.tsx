import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../src/i18n/language';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { studioResponse } from './studio-data';

const balance = {
  pending: '1234.275',
  available: '0.95',
  sending: '0.00',
  paid: '0.00',
  payoutMin: '1.00',
  entries: [],
};

function showStudio() {
  fakeApi({
    'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
    'GET /api/studio': () => json(studioResponse({ balance })),
  });
  renderApp('/studio', { signedIn: true });
}

/** A tile's figure, by the label under it. */
const figure = (tiles: HTMLElement, label: string) => within(tiles).getByText(label).previousSibling?.textContent;

describe('Studio: the creator balance', () => {
  it('shows what is pending, available and paid out, in TON', async () => {
    showStudio();
    const tiles = await screen.findByLabelText('Your balance');
    expect(figure(tiles, 'Pending')).toBe('1,234.275\u00a0TON');
    expect(figure(tiles, 'Available')).toBe('0.95\u00a0TON');
    expect(figure(tiles, 'Paid out')).toBe('0.00\u00a0TON');
  });

  it('speaks Russian, with Russian figures', async () => {
    await act(() => switchLanguage('ru'));
    showStudio();
    const tiles = await screen.findByLabelText('Ваш баланс');
    expect(figure(tiles, 'В ожидании')).toBe('1\u00a0234,275\u00a0TON');
    expect(figure(tiles, 'Доступно')).toBe('0,95\u00a0TON');
    expect(figure(tiles, 'Выплачено')).toBe('0,00\u00a0TON');
    expect((await screen.findByText(/^Вывести на привязанный/)).textContent).toBe(
      'Вывести на привязанный кошелёк можно, когда доступно от 1,00\u00a0TON.',
    );
  });

  it('offers Withdraw from PAYOUT_MIN, in Russian, and lists each entry with its sale and state', async () => {
    await act(() => switchLanguage('ru'));
    const entry = {
      id: 2,
      kind: 'primary_sale' as const,
      amount: '1.90',
      orderId: 'a1b2c3d4-0000-4000-8000-000000000000',
      packId: 5,
      packTitle: 'Котики',
      serial: 3,
      rail: 'stars',
      createdAt: '2026-11-20T10:00:00.000Z',
      availableAt: '2026-12-11T10:00:00.000Z',
      pending: true,
      payoutState: null,
    };
    const withdrawal = { ...entry, id: 3, kind: 'payout' as const, amount: '-2.50', orderId: null, packId: null };
    fakeApi({
      'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
      'GET /api/studio': () =>
        json(
          studioResponse({
            balance: {
              ...balance,
              available: '2.50',
              entries: [{ ...withdrawal, packTitle: null, serial: null, rail: 'ton', payoutState: 'held' }, entry],
            },
          }),
        ),
    });
    renderApp('/studio', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Вывести 2,50\u00a0TON' })).toBeTruthy();
    const history = screen.getByRole('table', { name: 'История баланса' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Вывод—TON-2,50\u00a0TONНа проверке$/),
      expect.stringMatching(/Продажа: Котики #3a1b2c3d4Stars1,90\u00a0TONВ ожидании до /),
    ]);
  });
});
