import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GiftDetail } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { startRoute } from '../../../src/telegram/opening-route';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
/** The screen's chunk and its texts load first: on a busy machine that takes over findBy's second. */
const FIRST_LOAD = { timeout: 10_000 };

function gift(fields: Partial<GiftDetail> = {}): GiftDetail {
  return {
    code: CODE,
    state: 'pending',
    pack: { id: 3, title: 'Space Cats', imageUrl: null },
    editionId: 41,
    serial: 7,
    maxSupply: 250,
    note: 'Happy birthday!',
    sender: { id: 5, name: 'Ada' },
    expiresAt: '2026-12-09T12:00:00.000Z',
    claimable: true,
    claimUrl: null,
    ...fields,
  };
}

const signedIn = { 'GET /api/auth/me': () => json({ user: user() }) };

describe('the gift claim screen', () => {
  it('opens from a gift start link', () => {
    expect(startRoute(`gift_${CODE}`)).toBe(`/gift?code=${CODE}`);
  });

  it('shows the pack, the sender and the note, and Claim makes it the reader’s', async () => {
    let state: GiftDetail = gift();
    const { calls } = fakeApi({
      ...signedIn,
      [`GET /api/gifts/${CODE}`]: () => json({ gift: state }),
      [`POST /api/gifts/${CODE}/claim`]: () => {
        state = gift({ state: 'claimed', claimable: false });
        return json({ gift: state });
      },
    });
    renderApp(`/gift?code=${CODE}`, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Space Cats #7 of 250' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByText('From Ada')).toBeInTheDocument();
    expect(screen.getByText('Happy birthday!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('It’s yours: #7 of 250 is in your collection')).toBeInTheDocument();
    expect(await screen.findByText('This gift has been claimed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View edition' })).toHaveAttribute('href', '#/edition?id=41');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/gifts/${CODE}/claim`]);
  });

  it('keeps a hidden sender hidden, and shows the server’s refusal when a claim fails', async () => {
    fakeApi({
      ...signedIn,
      [`GET /api/gifts/${CODE}`]: () => json({ gift: gift({ sender: null }) }),
      [`POST /api/gifts/${CODE}/claim`]: () => json({ error: 'This gift has already been claimed' }, 409),
    });
    renderApp(`/gift?code=${CODE}`, { signedIn: true });
    expect(
      await screen.findByText('From someone who kept their name to themselves', {}, FIRST_LOAD),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('This gift has already been claimed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled();
  });

  it('shows its sender the link to share instead of Claim', async () => {
    const claimUrl = `https://t.me/stickerdrop_bot?startapp=gift_${CODE}`;
    fakeApi({ ...signedIn, [`GET /api/gifts/${CODE}`]: () => json({ gift: gift({ claimable: false, claimUrl }) }) });
    renderApp(`/gift?code=${CODE}`, { signedIn: true });
    expect(await screen.findByText('Your gift is waiting for your friend', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Share the link' })).toHaveValue(claimUrl);
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it('says a broken or unknown link does not work, without asking the API about a malformed code', async () => {
    const { calls } = fakeApi({ ...signedIn });
    renderApp('/gift?code=short', { signedIn: true });
    expect(await screen.findByText('This gift link does not work', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/gifts'))).toBe(false);
  });

  it('says an expired gift went back to its sender', async () => {
    fakeApi({
      ...signedIn,
      [`GET /api/gifts/${CODE}`]: () => json({ gift: gift({ state: 'expired', claimable: false }) }),
    });
    renderApp(`/gift?code=${CODE}`, { signedIn: true });
    expect(
      await screen.findByText('Nobody claimed this gift in time: it went back to the sender', {}, FIRST_LOAD),
    ).toBeInTheDocument();
  });
});
