import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { EditionDetail, RESALE_ERRORS } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { collectionItem, order, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { switchLanguage } from '../../../src/i18n/language';
import { myOffers, offer, packOffers, receivedOffer } from './offer-data';

const SLOW = { timeout: 5_000 };
const signedIn = { 'GET /api/auth/me': () => json({ user: user() }) };
const edition55 = [collectionItem({ editionId: 55, serial: 55, edition: 55 })];
/** 1.10 TON less 5 % royalty and 2.5 % fee; listed at 1.45, floor 1.30 (the case). */
const lena = receivedOffer(
  offer({ id: 1, editionId: 55, serial: 55, price: '1.10', bidder: { id: 8, name: 'Lena' } }),
  {
    receive: '1.0175',
    listingPrice: '1.45',
    floor: '1.30',
  },
);

beforeAll(async () => {
  await Promise.all([
    import('../../../src/features/collection/CollectionPage'),
    import('../../../src/features/offers/CollectionOffers'),
  ]);
});

describe('accepting an offer says what it gives, and asks once', { timeout: 20_000 }, () => {
  it('the row says what the owner receives; Accept opens a sheet with the listing and the floor', async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/collection': () => json(edition55),
      'GET /api/offers/mine': () => json(myOffers([], [lena])),
      'POST /api/offers/1/accept': () => json({ order: order({ kind: 'resale', editionId: 55, serial: 55 }) }, 201),
    });
    renderApp('/collection?tab=offers', { signedIn: true });
    const row = within(await screen.findByRole('list', { name: 'Offers received' }, SLOW)).getByTestId('offer-row');
    expect(row).toHaveTextContent('You receive 1.0175 TON after royalty and fee');
    await userEvent.click(within(row).getByRole('button', { name: 'Accept the offer of 1.10 from Lena' }));
    const sheet = await screen.findByRole('dialog', { name: 'Accept 1.10 TON from Lena?' });
    const figures = within(sheet)
      .getAllByRole('row')
      .map((line) => line.textContent);
    expect(figures).toEqual([
      'Offer for #551.10 TON',
      'You receive1.0175 TON',
      'Your listing1.45 TON',
      'Pack floor1.30 TON',
    ]);
    // Nothing is accepted by the first tap.
    expect(calls.some((call) => call.path === '/api/offers/1/accept')).toBe(false);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Accept and sell #55' }));
    expect(await screen.findByText('Offer accepted: the buyer can pay now')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/offers/1/accept')).toHaveLength(1);
  });

  it('speaks Russian to the owner: the row, the sheet with its figures in Russian digits, and the toast', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/collection': () => json(edition55),
      'GET /api/offers/mine': () => json(myOffers([], [lena])),
      'POST /api/offers/1/accept': () => json({ order: order({ kind: 'resale', editionId: 55, serial: 55 }) }, 201),
    });
    await act(() => switchLanguage('ru'));
    renderApp('/collection?tab=offers', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Полученные предложения' }, SLOW);
    const row = within(list).getByTestId('offer-row');
    expect(row).toHaveTextContent('Вы получите 1,0175 TON за вычетом роялти автора и комиссии');
    await userEvent.click(within(row).getByRole('button', { name: 'Принять предложение 1,10 от Lena' }));
    const N = '\u00a0';
    const sheet = await screen.findByRole('dialog', { name: `Принять 1,10${N}TON от Lena?` });
    expect(
      within(sheet)
        .getAllByRole('row')
        .map((line) => line.textContent),
    ).toEqual([
      `Предложение за №${N}551,10${N}TON`,
      `Вы получите1,0175${N}TON`,
      `Ваш лот1,45${N}TON`,
      `Минимальная цена (флор)1,30${N}TON`,
    ]);
    fireEvent.click(within(sheet).getByRole('button', { name: `Принять и продать №${N}55` }));
    expect(await screen.findByText('Предложение принято: покупатель может оплатить')).toBeInTheDocument();
  });

  it('an offer on an edition a buyer is paying for says so, and its Accept is off', async () => {
    const alice = receivedOffer(
      offer({ id: 2, editionId: 55, serial: 55, price: '1.10', bidder: { id: 9, name: 'Alice' } }),
      {
        held: true,
      },
    );
    fakeApi({
      ...signedIn,
      'GET /api/collection': () => json(edition55),
      'GET /api/offers/mine': () => json(myOffers([], [lena, alice])),
    });
    renderApp('/collection?tab=offers', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Offers received' }, SLOW);
    const [free, held] = within(list).getAllByTestId('offer-row');
    expect(held).toHaveTextContent(RESALE_ERRORS.beingBought);
    expect(within(held!).getByRole('button', { name: 'Accept the offer of 1.10 from Alice' })).toBeDisabled();
    expect(free).not.toHaveTextContent(RESALE_ERRORS.beingBought);
    expect(within(free!).getByRole('button', { name: 'Accept the offer of 1.10 from Lena' })).toBeEnabled();
  });

  it("on the edition's page the owner gets the same terms (from the offers they received)", async () => {
    const detail = EditionDetail.parse({
      id: 55,
      serial: 55,
      pack: { id: 1, title: 'Space Cats', imageUrl: null, maxSupply: 100 },
      owner: { id: 42, name: 'Owner', username: null },
      listing: { id: 3, price: '1.45' },
      history: [],
      paidWith: 'ton',
      resellableFrom: null,
    });
    fakeApi({
      ...signedIn,
      'GET /api/stickers/1': () => json(packDetail()),
      'GET /api/editions/55': () => json(detail),
      'GET /api/stickers/1/offers': () => json(packOffers([offer({ ...lena, editionId: 55 })])),
      'GET /api/offers/mine': () => json(myOffers([], [lena])),
    });
    renderApp('/edition?id=55', { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Open offers' }, SLOW);
    await waitFor(() =>
      expect(within(list).getByTestId('offer-row')).toHaveTextContent('You receive 1.0175 TON after royalty and fee'),
    );
  });
});
