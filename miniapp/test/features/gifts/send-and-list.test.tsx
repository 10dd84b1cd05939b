import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EditionDetail, type GiftDetail } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const ME = user();
const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
/** A lazy screen's first render can take seconds on a loaded machine; what is awaited is unchanged. */
const SLOW = { timeout: 10_000 };
const signedIn = { 'GET /api/auth/me': () => json({ user: ME }) };

const myEdition = EditionDetail.parse({
  id: 40,
  serial: 4,
  pack: { id: 1, title: 'Space Cats', imageUrl: null, maxSupply: 100 },
  owner: { id: ME.id, name: 'Me', username: null },
  listing: null,
  history: [],
  paidWith: 'ton',
  resellableFrom: null,
});

function gift(fields: Partial<GiftDetail>): GiftDetail {
  return {
    code: CODE,
    state: 'pending',
    pack: { id: 1, title: 'Space Cats', imageUrl: null },
    editionId: 40,
    serial: 4,
    maxSupply: 100,
    note: '',
    sender: { id: ME.id, name: 'Me' },
    expiresAt: '2026-12-09T12:00:00.000Z',
    claimable: false,
    claimUrl: `https://t.me/stickerdrop_bot?startapp=gift_${CODE}`,
    ...fields,
  };
}

describe('sending an edition as a gift', () => {
  it('makes a gift link with the note and the hidden name, then opens the gift to share it', async () => {
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/editions/40': () => json(myEdition),
      'GET /api/stickers/1/offers': () => json({ offers: [] }),
      'POST /api/editions/40/gift': () =>
        json({ gift: { code: CODE, claimUrl: gift({}).claimUrl, expiresAt: gift({}).expiresAt, editionId: 40 } }, 201),
      [`GET /api/gifts/${CODE}`]: () => json({ gift: gift({ note: 'For you', sender: null }) }),
    });
    renderApp('/edition?id=40', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Send as a gift' }, SLOW));
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'For you');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Don’t show my name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create gift link' }));

    expect(await screen.findByText('Gift link ready: send it to your friend')).toBeInTheDocument();
    expect(await screen.findByText('Your gift is waiting for your friend', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'For you', hideSender: true });
  });

  it('shows the API’s refusal and stays on the edition', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/editions/40': () => json(myEdition),
      'GET /api/stickers/1/offers': () => json({ offers: [] }),
      'POST /api/editions/40/gift': () => json({ error: 'A buyer is paying for this edition' }, 409),
    });
    renderApp('/edition?id=40', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Send as a gift' }, SLOW));
    await userEvent.click(screen.getByRole('button', { name: 'Create gift link' }));
    expect(await screen.findByText('A buyer is paying for this edition')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create gift link' })).toBeEnabled();
  });
});

describe('the collection’s Gifts tab', () => {
  it('lists gifts received and sent with their state, and takes a waiting one back', async () => {
    let sent = [gift({})];
    const { calls } = fakeApi({
      ...signedIn,
      'GET /api/collection': () => json([]),
      'GET /api/gifts/mine': () =>
        json({ received: [gift({ code: 'ZyXwVuTsRqPoNmLkJiHgFe', state: 'claimed', serial: 9 })], sent }),
      [`DELETE /api/gifts/${CODE}`]: () => {
        sent = [gift({ state: 'cancelled' })];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/collection?tab=gifts', { signedIn: true });
    const received = await screen.findByRole('heading', { name: 'Received' }, SLOW);
    expect(received).toBeInTheDocument();
    expect(screen.getByText('Space Cats #9 of 100')).toBeInTheDocument();
    expect(screen.getByText('Claimed')).toBeInTheDocument();
    const waiting = screen.getByText('Space Cats #4 of 100').closest('li')!;
    expect(within(waiting).getByText(/^Waiting to be claimed/)).toBeInTheDocument();

    await userEvent.click(within(waiting).getByRole('button', { name: 'Take back' }));
    expect(await screen.findByText('The gift is yours again')).toBeInTheDocument();
    expect(await screen.findByText('Taken back')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/gifts/${CODE}`]);
  });

  it('says there are none yet, and how to send one', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/collection': () => json([]),
      'GET /api/gifts/mine': () => json({ received: [], sent: [] }),
    });
    renderApp('/collection?tab=gifts', { signedIn: true });
    expect(await screen.findByText(/^No gifts yet/, {}, SLOW)).toBeInTheDocument();
  });
});
