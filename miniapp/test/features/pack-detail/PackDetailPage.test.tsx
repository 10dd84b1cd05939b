import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { fakeApi, json } from '../../support/fake-api';
import { demoConfig, order, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { switchLanguage } from '../../../src/i18n/language';
import { offer } from '../offers/offer-data';

const signedIn = { 'GET /api/auth/me': () => json({ user: user() }) };

describe('Pack detail', () => {
  it('shows everything SPEC lists for a pack that is not owned', async () => {
    fakeApi({
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 100, soldCount: 3, likes: 7 })),
    });
    renderApp('/sticker?id=1');
    // The first render loads the route's lazy chunk, which on a busy machine can take more than findBy's 1 s.
    expect(await screen.findByRole('heading', { name: 'Space Cats' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Space Cats' })).toHaveAttribute('src', '/files/preview-1.webp');
    // What lies below the first screen renders just after it (AfterFirstScreen).
    expect(await screen.findByRole('button', { name: 'Like (7)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.getByText('@alice')).toBeInTheDocument();
    expect(screen.getByText('4 packs · 12 sales')).toBeInTheDocument();
    const tiles = screen.getByLabelText('Pack statistics');
    for (const label of ['Likes', 'Owners', 'Stickers', 'Views'])
      expect(within(tiles).getByText(label)).toBeInTheDocument();
    expect(screen.getByText(`97 of 100 left · ${SPEC_TEXTS.limitedEdition}`)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'TON' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card (Stripe)' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Buy Now · 1.50 TON' })).toBeEnabled();
  });

  it('says the pack was not found for an unknown id', async () => {
    fakeApi({ 'GET /api/stickers/99': () => json({ error: MESSAGES.packNotFound }, 404) });
    renderApp('/sticker?id=99');
    expect(await screen.findByText(MESSAGES.packNotFound)).toBeInTheDocument();
    expect(screen.getByText(SPEC_TEXTS.packNotFoundDetail)).toBeInTheDocument();
  });

  it('sold out with none listed: the warning, no payment choice, and a pack-wide offer in a sheet instead of Buy', async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 5, soldCount: 5 })),
      'GET /api/stickers/1/listings': () => json({ items: [], floorPrice: null, count: 0 }),
      'POST /api/offers': () => json({ offer: offer({ id: 5, editionId: null, serial: null }) }, 201),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(API_ERRORS.soldOut);
    expect(screen.getByText(`0 of 5 left · ${SPEC_TEXTS.limitedEdition}`)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sold out' })).not.toBeInTheDocument();
    const box = screen.getByRole('region', { name: 'Buy this pack' });
    const makeOffer = await within(box).findByRole('button', { name: 'Make an offer' });
    expect(makeOffer).toBeEnabled();
    await userEvent.click(makeOffer);
    // The sheet's drawer captures the pointer, which jsdom cannot: inside it, events are fired.
    const sheet = within(await screen.findByRole('dialog', { name: 'Make an offer' }));
    fireEvent.change(sheet.getByRole('spinbutton', { name: 'Your offer (TON)' }), { target: { value: '3' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ packId: 1, price: '3', expiresInHours: 24 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make an offer' })).not.toBeInTheDocument());
  });

  it('sold out with editions listed: the action opens the cheapest listing, from its price on resale', async () => {
    const cheapest = { id: 7, editionId: 40, serial: 4, price: '2.50', createdAt: '2026-11-30T12:00:00.000Z' };
    fakeApi({
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 5, soldCount: 5, floorPrice: '2.50', listedCount: 2 })),
      'GET /api/stickers/1/listings': () =>
        json({
          items: [
            { ...cheapest, seller: { id: 9, name: 'Sam', username: 'sam' } },
            {
              ...cheapest,
              id: 8,
              editionId: 41,
              serial: 5,
              price: '3.00',
              seller: { id: 9, name: 'Sam', username: 'sam' },
            },
          ],
          floorPrice: '2.50',
          count: 2,
        }),
    });
    renderApp('/sticker?id=1');
    const box = await screen.findByRole('region', { name: 'Buy this pack' }, { timeout: 5000 });
    const link = await within(box).findByRole('link', { name: 'From 2.50 TON on resale' });
    expect(link).toHaveAttribute('href', '#/edition?id=40');
    expect(within(box).queryByLabelText('Buy as a gift')).not.toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });

  it('says the sold-out ways on in Russian: from the floor on resale, or an offer', async () => {
    let listed = true;
    const listing = { id: 7, editionId: 40, serial: 4, price: '2.50', createdAt: '2026-11-30T12:00:00.000Z' };
    fakeApi({
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 5, soldCount: 5 })),
      'GET /api/stickers/1/listings': () =>
        json(
          listed
            ? { items: [{ ...listing, seller: { id: 9, name: 'Sam', username: 'sam' } }], floorPrice: '2.50', count: 1 }
            : { items: [], floorPrice: null, count: 0 },
        ),
    });
    await act(() => switchLanguage('ru'));
    const { unmount } = renderApp('/sticker?id=1');
    const box = await screen.findByRole('region', { name: 'Купить этот пак' }, { timeout: 5000 });
    expect(await within(box).findByRole('link', { name: 'От 2,50\u00a0TON на перепродаже' })).toBeInTheDocument();
    unmount();
    listed = false;
    renderApp('/sticker?id=1');
    const again = await screen.findByRole('region', { name: 'Купить этот пак' }, { timeout: 5000 });
    expect(await within(again).findByRole('button', { name: 'Сделать предложение' })).toBeEnabled();
  });

  it('sends visitors who buy to /login with SPEC message, and refuses their like', async () => {
    const { calls } = fakeApi({ 'GET /api/stickers/1': () => json(packDetail()) });
    renderApp('/sticker?id=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Like (7)' }));
    expect(await screen.findByText(MESSAGES.likeRequiresLogin)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now · 1.50 TON' }));
    expect(await screen.findByText(MESSAGES.buyRequiresLogin)).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('buys through the demo rail: Pay (demo), success toast, then owned with Download', async () => {
    let owned = false;
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () =>
        json(packDetail(owned ? { isOwned: true, edition: 4, downloadUrl: '/api/stickers/1/download' } : {})),
      'POST /api/marketplace/buy': () => json({ order: order() }, 201),
      'POST /api/orders/11111111-1111-4111-8111-111111111111/demo-pay': () => {
        owned = true;
        return json({ order: order({ status: 'paid', edition: 4, paidAt: new Date().toISOString() }) });
      },
      'GET /api/collection': () => json([]),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('radio', { name: 'Card (Stripe)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now · 1.50 TON' }));
    expect(await screen.findByText('Purchase initiated!')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Pay \(demo\)/ }));
    expect(await screen.findByText(SPEC_TEXTS.purchaseSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByText(/You own this pack \(edition #4 of 100\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Buy this pack')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/marketplace/buy')?.body).toEqual({
      stickerId: 1,
      paymentMethod: 'stripe',
    });
  });

  it('speaks Russian: the page, its figures, the rails, buying on the demo rail and its toasts', async () => {
    let owned = false;
    fakeApi({
      ...signedIn,
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () =>
        json(
          packDetail({ maxSupply: 1000, soldCount: 3, maxPerUser: 2, ...(owned ? { isOwned: true, edition: 4 } : {}) }),
        ),
      'POST /api/marketplace/buy': () => json({ order: order({ amount: '1234.50' }) }, 201),
      'POST /api/orders/11111111-1111-4111-8111-111111111111/demo-pay': () => {
        owned = true;
        return json({ order: order({ status: 'paid', edition: 4, paidAt: new Date().toISOString() }) });
      },
      'GET /api/collection': () => json([]),
    });
    await act(() => switchLanguage('ru'));
    renderApp('/sticker?id=1', { signedIn: true });
    const box = await screen.findByRole('region', { name: 'Купить этот пак' }, { timeout: 5000 });
    expect(box).toHaveTextContent('Осталось 997 из 1 000 · лимитированный тираж · Не больше 2 в одни руки');
    expect(within(box).getByText('1,50')).toHaveClass('price-box__amount');
    expect(screen.getByRole('group', { name: 'Способ оплаты' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Карта (Stripe)' })).not.toBeChecked();
    expect(await screen.findByText('4 пака · 12 продаж')).toBeInTheDocument();
    expect(await screen.findByLabelText('Статистика пака')).toHaveTextContent('Лайки');
    expect(screen.getByText(/^Номера экземпляров выдаются в порядке подтверждения оплат/)).toBeInTheDocument();
    // A name is compared as computed: Russian amounts keep their no-break spaces.
    await userEvent.click(screen.getByRole('button', { name: 'Купить · 1,50\u00a0TON' }));
    expect(await screen.findByText('Экземпляр забронирован — осталось оплатить!')).toBeInTheDocument();
    expect(screen.getByTestId('payment-step')).toHaveTextContent('Демо-режим: настоящие деньги не списываются.');
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить (демо) · 1\u00a0234,50\u00a0TON' }));
    expect(await screen.findByText('Покупка прошла успешно! Теперь стикерпак можно скачать.')).toBeInTheDocument();
    expect(await screen.findByText(/Этот пак ваш \(экземпляр № 4 из 1 000\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать' })).toBeInTheDocument();
  });

  it('shows the server message when the purchase fails, else the fallback', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () => json(packDetail()),
      'POST /api/marketplace/buy': () => json({ error: API_ERRORS.soldOut }, 409),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now · 1.50 TON' }));
    expect(await screen.findByText(API_ERRORS.soldOut)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now · 1.50 TON' })).toBeEnabled();
  });

  it('toggles the like after a successful call, and reports a failed one', async () => {
    let fail = false;
    fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () => json(packDetail()),
      'POST /api/stickers/1/like': () => (fail ? json({}, 500) : json({ liked: true, likes: 8 })),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Like (7)' }));
    const liked = await screen.findByRole('button', { name: 'Like (8)' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    fail = true;
    await userEvent.click(liked);
    expect(await screen.findByText(SPEC_TEXTS.likeFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like (8)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('copies the link with SPEC toast when there is no share sheet', async () => {
    fakeApi({ 'GET /api/stickers/1': () => json(packDetail()) });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderApp('/sticker?id=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText(SPEC_TEXTS.linkCopied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/#\/sticker\?id=1$/));
  });

  it('downloads an owned pack with the bearer token', async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () =>
        json(packDetail({ isOwned: true, edition: 2, downloadUrl: '/api/stickers/1/download' })),
      'GET /api/stickers/1/download': () => new Response('zip', { headers: { 'content-type': 'application/zip' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/stickers/1/download')?.authorization).toBe('Bearer access-1');
    expect(createObjectURL).toHaveBeenCalled();
  });
});

describe('Report this pack', () => {
  it('sends the reason and the words to the marketplace, signed in only', async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 100, soldCount: 3 })),
      'POST /api/packs/1/reports': () =>
        json({ report: { id: 1, packId: 1, reason: 'copyright', createdAt: '2026-01-01T00:00:00.000Z' } }, 201),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Report this pack' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Report this pack' });
    expect(within(form).getByRole('button', { name: 'Send report' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('radio', { name: "It copies someone's work" }));
    await userEvent.type(within(form).getByRole('textbox'), 'My own drawings');
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you: your report was sent to the marketplace.')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/packs/1/reports');
    expect(sent?.body).toEqual({ reason: 'copyright', details: 'My own drawings' });
  });

  it('says so when the person reported the pack already (409), and keeps what they wrote when sending failed', async () => {
    const already = 'You have already reported this pack; the marketplace is looking into it';
    let reportedBefore = false;
    fakeApi({
      ...signedIn,
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 100, soldCount: 3 })),
      'POST /api/packs/1/reports': () =>
        reportedBefore ? json({ error: already }, 409) : json({ error: 'The marketplace is resting' }, 503),
    });
    renderApp('/sticker?id=1', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Report this pack' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Report this pack' });
    await userEvent.click(within(form).getByRole('radio', { name: 'It is a scam' }));
    await userEvent.type(within(form).getByRole('textbox'), 'Sells what it does not have');
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('The marketplace is resting')).toBeInTheDocument();
    expect(within(form).getByRole('textbox')).toHaveValue('Sells what it does not have');

    reportedBefore = true;
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(already)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Report this pack' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Report this pack' })).toBeInTheDocument();
  });

  it('is not offered to someone signed out', async () => {
    fakeApi({
      'GET /api/config': () => json(demoConfig),
      'GET /api/stickers/1': () => json(packDetail({ maxSupply: 100, soldCount: 3, likes: 7 })),
    });
    renderApp('/sticker?id=1');
    expect(await screen.findByRole('button', { name: 'Like (7)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this pack' })).not.toBeInTheDocument();
  });
});
