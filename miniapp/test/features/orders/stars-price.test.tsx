import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { provideTelegramSdk } from '../../../src/telegram/sdk';
import { fakeApi, json } from '../../support/fake-api';
import { demoConfig, order, packDetail, user } from '../../support/data';
import { fakeSdk, insideTelegram } from '../../support/fake-sdk';
import { renderApp } from '../../support/render-app';

afterEach(() => provideTelegramSdk(null));

/** 1.50 TON at STARS_PER_TON 250: 375 Stars, the number the invoice charges. */
const starsConfig = {
  ...demoConfig,
  paymentMethods: ['demo', 'ton', 'stars'],
  starsPerTon: 250,
  starsResaleLockDays: 21,
};
const STAR = String.fromCodePoint(0x2b50);

function routes(config: object, buy = () => json({ order: order({ paymentMethod: 'stars' }) }, 201)) {
  return fakeApi({
    'GET /api/auth/me': () => json({ user: user() }),
    'GET /api/config': () => json(config),
    'GET /api/stickers/1': () => json(packDetail()),
    'POST /api/marketplace/buy': buy,
  });
}

/** The pack route's code loads lazily: the first wait of a test allows for a busy machine. */
const FIRST_RENDER = { timeout: 5000 };
const priceBox = () => screen.getByRole('region', { name: 'Buy this pack' });

describe('the chosen rail in its own unit (Stars inside Telegram)', () => {
  it('with Stars chosen the Main Button and the price say Stars, and the lock is stated before paying', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    routes(starsConfig);
    renderApp('/sticker?id=1', { signedIn: true, telegram: insideTelegram });
    expect(await screen.findByRole('radio', { name: 'Telegram Stars' }, FIRST_RENDER)).toBeChecked();
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ text: `Buy Now · ${STAR} 375` }));
    expect(within(priceBox()).getByTestId('stars-amount')).toHaveTextContent('375 Stars');
    expect(within(priceBox()).getByRole('note')).toHaveTextContent(
      'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
    );
    // No emoji on the page: the star is drawn (SVG).
    expect(priceBox().textContent).not.toContain(STAR);

    // TON: SPEC's texts, exactly as before, and no lock.
    await userEvent.click(screen.getByRole('radio', { name: 'TON' }));
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ text: 'Buy Now · 1.50 TON' }));
    expect(within(priceBox()).queryByRole('note')).not.toBeInTheDocument();
    expect(within(priceBox()).getByText('1.50')).toHaveClass('price-box__amount');
  });

  it('the pay step of a Stars invoice shows the invoice Stars and the lock', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    const stars = order({
      paymentMethod: 'stars',
      payment: { kind: 'stars', invoiceLink: 'https://t.me/$inv', stars: 375 },
    });
    routes({ ...starsConfig, demo: false, paymentMethods: ['stars', 'ton'] }, () => json({ order: stars }, 201));
    renderApp('/sticker?id=1', { signedIn: true, telegram: insideTelegram });
    await waitFor(
      () => expect(tg.lastMainButton()).toMatchObject({ text: `Buy Now · ${STAR} 375`, isEnabled: true }),
      FIRST_RENDER,
    );
    act(() => tg.pressMain());
    const step = await screen.findByTestId('payment-step');
    expect(step).toHaveTextContent('Complete the payment of 375 Stars in Telegram.');
    expect(within(step).getByRole('note')).toHaveTextContent(
      'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
    );
  });

  it('on the demo rail with Stars chosen, Pay (demo) says the Stars too', async () => {
    const tg = fakeSdk();
    provideTelegramSdk(tg.sdk);
    routes(starsConfig);
    renderApp('/sticker?id=1', { signedIn: true, telegram: insideTelegram });
    await waitFor(
      () => expect(tg.lastMainButton()).toMatchObject({ text: `Buy Now · ${STAR} 375`, isEnabled: true }),
      FIRST_RENDER,
    );
    act(() => tg.pressMain());
    await waitFor(() => expect(tg.lastMainButton()).toMatchObject({ text: `Pay (demo) · ${STAR} 375` }));
    expect(within(await screen.findByTestId('payment-step')).getByRole('note')).toHaveTextContent(
      'Paid in Stars, this edition can be resold 21 days after you buy it: a Stars payment can be refunded until then.',
    );
  });

  it('on a client without the Main Button the page button says the Stars', async () => {
    routes(starsConfig);
    renderApp('/sticker?id=1', { signedIn: true, telegram: insideTelegram });
    const buy = await screen.findByRole('button', { name: /^Buy Now/ }, FIRST_RENDER);
    await waitFor(() => expect(buy).toHaveTextContent('Buy Now · 375 Stars'));
    expect(within(buy).getByTestId('stars-amount')).toBeInTheDocument();
  });
});
