import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../support/fake-api';
import { user } from '../../support/data';
import { renderApp } from '../../support/render-app';
import { studioPack, studioResponse } from './studio-data';
import { formatsFor } from '../../../src/i18n/format';
import studio from '../../../src/features/studio/locales/en.json';
import profile from '../../../src/features/profile/locales/en.json';

const creator = () => json({ user: user({ isCreator: true }) });

describe('Studio', () => {
  it('lists each pack with sold / supply, revenue, royalties paid and owed, views, likes and drop status', async () => {
    fakeApi({ 'GET /api/auth/me': creator, 'GET /api/studio': () => json(studioResponse()) });
    renderApp('/studio', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Your packs' });
    const rows = within(table).getAllByTestId('studio-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Night Owls1.50 TON');
    expect(cells(rows[0]!)).toEqual([
      `ScheduledOpens ${formatsFor('en').dropTime(studioResponse().packs[0]!.dropsAt!)}`,
      '0 / 100 sold',
      '0.00\u00a0TON',
      '0.00\u00a0TON1 resale',
      '0.10\u00a0TON',
      '120',
      '7',
      'Edit',
    ]);
    expect(cells(rows[1]!).slice(0, 7)).toEqual([
      'On sale',
      '3 / 100 sold',
      '4.50\u00a0TON',
      '0.17\u00a0TON1 resale',
      '0.00\u00a0TON',
      '120',
      '7',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Space Cats' })).toHaveAttribute('href', '#/sticker?id=1');
    // Column headers name each figure.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pack', 'Status', 'Sold', 'Revenue', 'Royalties paid', 'Royalties owed', 'Views', 'Likes', 'Actions']);
    const totals = screen.getByLabelText('Studio totals');
    expect(within(totals).getByText('Royalties owed').previousSibling).toHaveTextContent('0.10 TON');
    expect(screen.getByText(studio['studio.owedHint'])).toBeInTheDocument();
  });

  it('draws the sales by day, the latest day read out', async () => {
    fakeApi({ 'GET /api/auth/me': creator, 'GET /api/studio': () => json(studioResponse()) });
    renderApp('/studio', { signedIn: true });
    const chart = await screen.findByTestId('sales-chart');
    const days = within(chart).getAllByRole('button');
    expect(days).toHaveLength(2);
    expect(screen.getByTestId('sales-chart-readout')).toHaveTextContent(
      '22 Nov: 1 sold, 1.50 TON revenue, 0.27 TON royalties',
    );
    await userEvent.click(days[0]!);
    expect(screen.getByTestId('sales-chart-readout')).toHaveTextContent('20 Nov: 2 sold');
  });

  it('says so when nothing sold yet and no pack exists', async () => {
    const empty = studioResponse({
      packs: [],
      days: [],
      totals: { sold: 0, revenue: '0.00', resales: 0, royaltiesPaid: '0.00', royaltiesOwed: '0.00' },
    });
    fakeApi({ 'GET /api/auth/me': creator, 'GET /api/studio': () => json(empty) });
    renderApp('/studio', { signedIn: true });
    expect(await screen.findByText(studio['studio.empty'])).toBeInTheDocument();
    expect(screen.getByText(studio['studio.chart.empty'])).toBeInTheDocument();
    expect(screen.queryByText(studio['studio.owedHint'])).not.toBeInTheDocument();
  });

  it('edits description and tags, and the drop time only of a scheduled drop; sends only what changed', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': creator,
      'GET /api/studio': () => json(studioResponse()),
      'PATCH /api/studio/packs/1': () => json({ pack: studioPack({ description: 'New words' }) }),
    });
    renderApp('/studio', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Space Cats' }));
    const form = screen.getByRole('form', { name: 'Edit Space Cats' });
    expect(within(form).queryByLabelText(studio['studio.editor.dropTime'])).not.toBeInTheDocument();
    expect(within(form).getByText(studio['studio.editor.dropTimeFixed'])).toBeInTheDocument();
    const description = within(form).getByRole('textbox', { name: studio['studio.editor.description'] });
    await userEvent.clear(description);
    await userEvent.type(description, 'New words');
    await userEvent.click(within(form).getByRole('button', { name: studio['studio.editor.save'] }));
    expect(await screen.findByText(studio['studio.editor.saved'])).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ description: 'New words' });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Edit Night Owls' }));
    expect(screen.getByLabelText(studio['studio.editor.dropTime'])).toHaveAttribute('type', 'datetime-local');
  });

  it('shows the server’s refusal of an edit', async () => {
    fakeApi({
      'GET /api/auth/me': creator,
      'GET /api/studio': () => json(studioResponse()),
      'PATCH /api/studio/packs/1': () => json({ error: 'Tags: too many' }, 400),
    });
    renderApp('/studio', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Space Cats' }));
    await userEvent.type(screen.getByRole('textbox', { name: studio['studio.editor.tags'] }), ', more');
    await userEvent.click(screen.getByRole('button', { name: studio['studio.editor.save'] }));
    expect(await screen.findByText('Tags: too many')).toBeInTheDocument();
  });

  it('exports the CSV with the bearer token', async () => {
    const csv = 'date,type\r\n';
    const { calls } = fakeApi({
      'GET /api/auth/me': creator,
      'GET /api/studio': () => json(studioResponse()),
      'GET /api/studio/sales.csv': () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/studio', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: studio['studio.exportCsv'] }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^stickerdrop-sales-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(calls.find((call) => call.path === '/api/studio/sales.csv')?.authorization).toBe('Bearer access-1');
  });

  it('offers a collector to become a creator instead', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }) });
    renderApp('/studio', { signedIn: true });
    expect(await screen.findByText(profile['profile.creatorAccess.title'])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Become a creator' })).toBeInTheDocument();
  });
});
