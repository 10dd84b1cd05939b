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
    expect(figure(tiles, 'Pending')).toBe('1234.275\u00a0TON');
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
  });
});
