import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../src/i18n/format';
import { fakeApi, json } from '../../support/fake-api';
import { demoConfig, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { switchLanguage } from '../../../src/i18n/language';

const signedIn = { 'GET /api/auth/me': () => json({ user: user() }) };
/** The pack page's chunk (and its folders' texts) loads first: on a busy machine that takes over findBy's second. */
const FIRST_LOAD = { timeout: 10_000 };

describe('Pack page before a drop opens', () => {
  it('counts down, refuses Buy until zero, then offers Buy Now without a reload', async () => {
    const dropsAt = new Date(Date.now() + 2_500).toISOString();
    fakeApi({
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () => json(packDetail({ dropsAt, maxPerUser: 2 })),
    });
    renderApp('/sticker?id=1');
    const timer = await screen.findByRole('timer', {}, FIRST_LOAD);
    expect(timer.textContent).toMatch(/^00:00:0[1-3]$/);
    expect(screen.getByText(`on ${formatsFor('en').dropTime(dropsAt)}`)).toBeInTheDocument();
    expect(screen.getByText(/UTC$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Opens in 00:00:0\d$/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'TON' })).toBeDisabled();
    // The rule is below the first screen, which renders just after it (AfterFirstScreen).
    expect(
      await screen.findByText(
        'Serials go in the order payments settle: the first payment confirmed gets #1, the next #2, and so on.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Up to 2 per collector/)).toBeInTheDocument();

    expect(await screen.findByRole('button', { name: 'Buy Now · 1.50 TON' }, { timeout: 5_000 })).toBeEnabled();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });

  it('Notify me subscribes and Stop unsubscribes; a visitor is asked to log in', async () => {
    const dropsAt = new Date(Date.now() + 3_600_000).toISOString();
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () => json(packDetail({ dropsAt })),
      'POST /api/stickers/1/notify': () => json({ notifying: true }),
      'DELETE /api/stickers/1/notify': () => json({ notifying: false }),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }, FIRST_LOAD));
    expect(await screen.findByText('We will message you in Telegram when the drop opens.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifying you · Stop' }));
    expect(await screen.findByText('You will not be notified about this drop.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/stickers/1/notify').map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('asks a visitor to log in before Notify me', async () => {
    const dropsAt = new Date(Date.now() + 3_600_000).toISOString();
    const { calls } = fakeApi({ 'GET /api/stickers/1': () => json(packDetail({ dropsAt })) });
    renderApp('/sticker?id=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }, FIRST_LOAD));
    expect(await screen.findByText('Please log in to be notified about drops')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('speaks Russian: the countdown with its days, the opening time in words, Notify me and its answer', async () => {
    const dropsAt = new Date(Date.UTC(2031, 5, 1, 18, 0, 0)).toISOString();
    fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () => json(packDetail({ dropsAt })),
      'POST /api/stickers/1/notify': () => json({ notifying: true }),
    });
    await act(() => switchLanguage('ru'));
    renderApp('/sticker?id=1', { signedIn: true });
    const drop = await screen.findByRole('region', { name: 'Предстоящий дроп' }, FIRST_LOAD);
    expect(drop).toHaveTextContent('Дроп откроется через');
    expect(screen.getByRole('timer').textContent).toMatch(/^\d{1,3}(\u00a0\d{3})* д \d\d:\d\d:\d\d$/);
    expect(drop).toHaveTextContent('1 июня 2031 г. в 18:00 UTC');
    await userEvent.click(screen.getByRole('button', { name: 'Сообщить о старте' }));
    expect(await screen.findByText('Мы напишем вам в Telegram, когда дроп откроется.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сообщим о старте · Отменить' })).toBeInTheDocument();
  });
});
