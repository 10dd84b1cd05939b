import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../support/fake-api';
import { collectionItem, demoConfig, packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

/** The first render loads the route's lazy chunk, which on a busy machine can take more than findBy's 1 s. */
const FIRST_RENDER = { timeout: 5000 };

function collection(walletAddress: string | null) {
  return fakeApi({
    'GET /api/auth/me': () => json({ user: user({ walletAddress }) }),
    'GET /api/config': () => json({ ...demoConfig, marketFeeBps: 250 }),
    'GET /api/collection': () => json([collectionItem({ id: 1, editionId: 10, serial: 4 })]),
    'GET /api/stickers/1': () =>
      json(
        packDetail({
          id: 1,
          title: 'Neon Nights',
          floorPrice: '3.20',
          lastSale: { price: '3.40', serial: 2, at: '2026-11-20T10:00:00.000Z' },
          royaltyBps: 500,
        }),
      ),
    'POST /api/editions/10/listing': ({ body }) =>
      json({ listing: { id: 7, price: (body as { price: string }).price } }),
  });
}

async function openSheet() {
  fireEvent.click(await screen.findByRole('button', { name: 'Sell edition #4' }, FIRST_RENDER));
  return screen.findByRole('dialog', { name: 'Sell edition #4' });
}

describe('the sell sheet', () => {
  it('shows the floor and last sale as hints and the split as a table in TON', async () => {
    collection('0:abc');
    renderApp('/collection', { signedIn: true });
    const sheet = await openSheet();
    await within(sheet).findByText('Floor: 3.20 TON');
    within(sheet).getByText('Last sale: 3.40 TON');
    within(sheet).getByText('Enter a price to see your share.');
    fireEvent.change(within(sheet).getByLabelText('Resale price'), { target: { value: '3.4' } });
    const table = await within(sheet).findByTestId('split-table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Buyer pays3.40\u00a0TON',
      'Creator royalty (5%)0.17\u00a0TON',
      'Marketplace fee (2.5%)0.085\u00a0TON',
      'You receive3.145\u00a0TON',
    ]);
    fireEvent.change(within(sheet).getByLabelText('Resale price'), { target: { value: '3.4.1' } });
    expect(within(sheet).queryByTestId('split-table')).not.toBeInTheDocument();
    within(sheet).getByRole('alert');
  });

  it('lists at the price typed and closes', async () => {
    const { calls } = collection('0:abc');
    renderApp('/collection', { signedIn: true });
    const sheet = await openSheet();
    fireEvent.change(within(sheet).getByLabelText('Resale price'), { target: { value: '2.5' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByRole('button', { name: 'List for sale' }));
    });
    await screen.findByRole('status');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/editions/10/listing',
      body: { price: '2.5' },
    });
    expect(screen.queryByRole('dialog', { name: 'Sell edition #4' })).not.toBeInTheDocument();
  });

  it('without a wallet offers linking it in the sheet, keeping the price typed', async () => {
    collection(null);
    renderApp('/collection', { signedIn: true });
    const sheet = await openSheet();
    fireEvent.change(within(sheet).getByLabelText('Resale price'), { target: { value: '3' } });
    const wallet = within(sheet).getByTestId('sell-wallet');
    expect(wallet).toHaveTextContent('Link a TON wallet to receive payments: your share is paid straight to it.');
    within(wallet).getByRole('button', { name: 'Link wallet' });
    expect(within(sheet).queryByRole('button', { name: 'List for sale' })).not.toBeInTheDocument();
    // The split still shows, so the seller decides before linking.
    await within(sheet).findByText('You receive');
    expect(within(sheet).getByLabelText('Resale price')).toHaveValue('3');
  });
});
