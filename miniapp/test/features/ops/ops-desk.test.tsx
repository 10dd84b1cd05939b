import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const queueItem = (id: number, fields: Record<string, unknown>) => ({
  id,
  amount: '0',
  currency: 'TON',
  rail: 'ton',
  ageSeconds: 7200,
  status: 'pending',
  detail: null,
  ...fields,
});

const QUEUES = {
  refunds: [
    queueItem(7, { amount: '2500000000', status: 'failed', detail: 'wallet said no' }),
    queueItem(8, { amount: '150', currency: 'XTR', rail: 'stars' }),
  ],
  unmatchedPayments: [queueItem(9, { amount: '1000000000', status: 'none', detail: 'order-typo' })],
  heldPayouts: [queueItem(10, { amount: '120000000000', status: 'held' })],
};

/** The desk for an operator, with `routes` over a desk whose other lists are empty. */
function showDesk(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/auth/me': () => json({ user: user(), isOperator: true }),
    'GET /api/ops/reports': () => json({ packs: [] }),
    'GET /api/ops/queues': () => json(QUEUES),
    'GET /api/ops/audit': () => json({ entries: [] }),
    'GET /api/ops/packs/removed': () => json({ packs: [] }),
    ...routes,
  });
  renderApp('/ops', { signedIn: true });
  return api;
}

describe('the operator’s desk', () => {
  it('lists each queue with its amount, rail, age and state, and retries a refund: a toast, the lists read again', async () => {
    const { calls } = showDesk({ 'POST /api/ops/refunds/7/retry': () => json({ refund: { status: 'pending' } }) });
    const refunds = await screen.findByRole('group', { name: 'Refunds pending or failed' });
    const failed = (await within(refunds).findByText('2.50 TON')).closest('tr')!;
    expect(within(failed).getByText('TON')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('wallet said no')).toBeTruthy();
    expect(within(failed).getByText(/^2 hr/)).toBeTruthy();
    expect(within(refunds).getByText('150 Stars')).toBeTruthy();
    const held = screen.getByRole('group', { name: 'Held payouts' });
    expect(within(held).getByText('120.00 TON')).toBeTruthy();
    expect(within(held).getByRole('button', { name: 'Release' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Payments that matched no order' })).getByText('order-typo'),
    ).toBeTruthy();

    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByText('The refund will be tried again now');
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/ops/queues')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/ops/audit')).toHaveLength(2);
  });

  it('lists removed packs with why, the creator and sales, and restores one: a toast, the lists read again', async () => {
    const removedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const removed = (id: number, title: string, reason: string, banned: boolean) => ({
      pack: { id, title, sales: 3, creator: { id: 50, name: 'Mallory', username: 'mallory', banned } },
      reason,
      removedAt,
    });
    const { calls } = showDesk({
      'GET /api/ops/packs/removed': () =>
        json({
          packs: [removed(12, 'Mallory’s Moths', 'creator_banned', true), removed(11, 'Traced', 'copyright', false)],
        }),
      'POST /api/ops/packs/12/restore': () => json({ restore: { packId: 12 } }),
    });
    const section = await screen.findByRole('region', { name: 'Removed packs' });
    const [moths, traced] = await within(section).findAllByTestId('ops-removed-pack');
    expect(within(moths!).getByText('Creator banned')).toBeTruthy();
    expect(within(moths!).getByText('Pack 12 · by @mallory, banned · 3 sales')).toBeTruthy();
    expect(within(moths!).getByText(/^3 hr/)).toBeTruthy();
    expect(within(traced!).getByText('Copyright')).toBeTruthy();
    expect(within(traced!).getByText('Pack 11 · by @mallory · 3 sales')).toBeTruthy();

    await userEvent.click(within(moths!).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Pack 12 is listed again');
    expect(calls.filter((call) => call.path === '/api/ops/packs/12/restore')).toHaveLength(1);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/ops/packs/removed')).toHaveLength(2));
  });

  it('says why a list did not load, and loads it again on Try again', async () => {
    let failing = true;
    showDesk({
      'GET /api/ops/audit': () => (failing ? json({ error: 'The log is resting' }, 503) : json({ entries: [] })),
    });
    const audit = await screen.findByRole('region', { name: 'Audit log' });
    await within(audit).findByText('The log is resting');
    failing = false;
    await userEvent.click(within(audit).getByRole('button', { name: 'Try again' }));
    await within(audit).findByText('No operator actions yet');
  });

  it('tells anyone else the page is not for them, and asks nothing of /api/ops', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/me': () => json({ user: user(), isOperator: false }) });
    renderApp('/ops', { signedIn: true });
    await screen.findByText('Not allowed');
    expect(calls.filter((call) => call.path.startsWith('/api/ops'))).toEqual([]);
  });
});
