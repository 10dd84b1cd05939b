import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { provideTelegramSdk } from '../../src/telegram/sdk';
import { fakeApi, json } from '../support/fake-api';
import { demoConfig, order, packCard, packDetail, user } from '../support/data';
import { fakeSdk, insideTelegram } from '../support/fake-sdk';
import { renderApp } from '../support/render-app';

afterEach(() => provideTelegramSdk(null));

describe('inside Telegram', () => {
  it('shows the back button on every screen but Home, and it navigates back', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    fakeApi({
      'GET /api/stickers/trending/list': () => json([packCard()]),
      'GET /api/stickers': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/', { telegram: insideTelegram });
    await screen.findByText('Trending Stickers');
    expect(tg.names()).toContain('backButton.hide');
    expect(tg.names()).not.toContain('backButton.show');
    await userEvent.click(screen.getAllByRole('link', { name: 'Marketplace' })[0]!);
    await waitFor(() => expect(tg.names()).toContain('backButton.show'));
    act(() => tg.pressBack());
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    await waitFor(() => expect(tg.names().at(-1)).toBe('backButton.hide'));
    expect(screen.queryByRole('button', { name: '‹ Back' })).not.toBeInTheDocument();
  });

  it('uses the Main Button as Buy Now, then Pay (demo) with progress, and hides it once owned', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    let owned = false;
    // The buy answers once the test saw its progress: the button is told what the screen shows a task
    // later, so progress shorter than a task is never shown, and only a buy still waiting must show it.
    let answerBuy!: () => void;
    const buyAnswered = new Promise<void>((resolve) => (answerBuy = resolve));
    fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () => json(packDetail({ isOwned: owned, edition: owned ? 1 : null })),
      'POST /api/marketplace/buy': async () => {
        await buyAnswered;
        return json({ order: order() }, 201);
      },
      'POST /api/orders/11111111-1111-4111-8111-111111111111/demo-pay': () => {
        owned = true;
        return json({ order: order({ status: 'paid', edition: 1 }) });
      },
    });
    renderApp('/sticker?id=1', { signedIn: true, telegram: insideTelegram });
    // The pack page's chunk is transformed on first use: its first load is slower than the default 1 s wait.
    await screen.findByRole('heading', { name: 'Space Cats' }, { timeout: 5000 });
    await waitFor(() =>
      expect(tg.lastMainButton()).toMatchObject({ text: 'Buy Now · 1.50 TON', isVisible: true, isEnabled: true }),
    );
    // The native button replaces the page button.
    expect(screen.queryByRole('button', { name: 'Buy Now · 1.50 TON' })).not.toBeInTheDocument();
    act(() => tg.pressMain());
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ isLoaderVisible: true }));
    answerBuy();
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ text: 'Pay (demo) · 1.50 TON' }));
    act(() => tg.pressMain());
    expect(await screen.findByText(SPEC_TEXTS.purchaseSuccess)).toBeInTheDocument();
    expect(tg.calls).toContainEqual(['haptic.notification', 'success']);
    await screen.findByRole('button', { name: 'Download' });
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ isVisible: false }));
  });

  it('makes the Main Button of a sold-out pack with nothing listed Make an offer, not a disabled dead end', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    fakeApi({
      'GET /api/stickers/1': () => json(packDetail({ soldCount: 100, maxSupply: 100 })),
      'GET /api/stickers/1/listings': () => json({ items: [], floorPrice: null, count: 0 }),
    });
    renderApp('/sticker?id=1', { telegram: insideTelegram });
    await waitFor(() =>
      expect(tg.lastMainButton()).toMatchObject({ text: 'Make an offer', isEnabled: true, isVisible: true }),
    );
  });

  it('haptics: impact on like, selection on sort and view, error when a purchase fails', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/stickers': () => json({ items: [packCard()], nextCursor: null }),
      'POST /api/stickers/1/like': () => json({ liked: true, likes: 8 }),
      'GET /api/stickers/1': () => json(packDetail()),
      'POST /api/marketplace/buy': () => json({ error: 'This sticker pack is sold out' }, 409),
    });
    renderApp('/marketplace', { signedIn: true, telegram: insideTelegram });
    await userEvent.click(await screen.findByRole('button', { name: 'Newest' }));
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(tg.calls.filter(([name]) => name === 'haptic.selection')).toHaveLength(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    await waitFor(() => expect(tg.calls).toContainEqual(['haptic.impact', 'light']));

    window.location.hash = '#/sticker?id=1';
    await screen.findByRole('heading', { name: 'Space Cats' });
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ text: 'Buy Now · 1.50 TON' }));
    act(() => tg.pressMain());
    expect(await screen.findByText('This sticker pack is sold out')).toBeInTheDocument();
    expect(tg.calls).toContainEqual(['haptic.notification', 'error']);
  });

  it('a failed Stars invoice says Stars is unavailable and to pay with TON, whatever the 5xx said', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    const { calls } = fakeApi({
      'GET /api/auth/me': () => json({ user: user() }),
      'GET /api/config': () => json({ ...demoConfig, demo: false, paymentMethods: ['stars', 'ton'] }),
      'GET /api/stickers/1': () => json(packDetail()),
      'POST /api/marketplace/buy': () => json({ error: 'Internal server error' }, 500),
    });
    renderApp('/sticker?id=1', { signedIn: true, telegram: insideTelegram });
    await screen.findByRole('heading', { name: 'Space Cats' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Telegram Stars' })).toBeChecked());
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ isEnabled: true }));
    act(() => tg.pressMain());
    expect(await screen.findByText(API_ERRORS.starsUnavailable)).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/marketplace/buy')?.body).toMatchObject({ paymentMethod: 'stars' });
    // TON is right there to pay with instead.
    await userEvent.click(screen.getByRole('radio', { name: 'TON' }));
    expect(screen.getByRole('radio', { name: 'TON' })).toBeChecked();
  });

  it('shares through Telegram with the pack deep link', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    fakeApi({ 'GET /api/config': () => json(demoConfig), 'GET /api/stickers/1': () => json(packDetail()) });
    renderApp('/sticker?id=1', { telegram: insideTelegram });
    await screen.findByRole('heading', { name: 'Space Cats' });
    await waitFor(() => expect(tg.calls.length).toBeGreaterThan(0));
    await waitFor(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Share' }));
      expect(tg.calls).toContainEqual(['shareURL', 'https://t.me/stickerdrop_test_bot?startapp=pack_1', 'Space Cats']);
    });
  });
});
