import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/router';
import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '@stickerdrop/shared';
import { ActivityList } from '../../../src/features/resale/ActivityList';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const ITEMS: ActivityItem[] = [
  {
    type: 'sale',
    serial: 40,
    editionId: 7,
    price: '3.40',
    at: '2026-11-26T10:00:00.000Z',
    from: { id: 1, name: 'Alice' },
    to: { id: 2, name: 'Bob' },
  },
  {
    type: 'mint',
    serial: 40,
    editionId: 7,
    price: '2.75',
    at: '2026-11-23T12:00:00.000Z',
    from: null,
    to: { id: 1, name: 'Alice' },
  },
];

const renderList = () =>
  render(
    <MemoryRouter>
      <ActivityList items={ITEMS} now={NOW} />
    </MemoryRouter>,
  );

describe('the activity list', () => {
  it('puts what happened, the price and when in their own columns, row by row', () => {
    renderList();
    const rows = within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem');
    const cells = rows.map((row) => [...row.children].map((cell) => [cell.className, cell.textContent]));
    expect(cells).toEqual([
      [
        ['market__event', 'Sold #40 by Alice to Bob'],
        ['market__price', '3.40\u00a0TON'],
        ['market__time', '2 hr. ago'],
      ],
      [
        ['market__event', 'Minted #40 to Alice'],
        ['market__price', '2.75\u00a0TON'],
        ['market__time', '3 days ago'],
      ],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: '#40' })).toHaveAttribute('href', '/edition?id=7');
  });

  it('shows the exact time on hover (title) and in place on a tap, and back on a second tap', async () => {
    renderList();
    const when = screen.getByRole('button', { name: '2 hr. ago' });
    const exact = when.getAttribute('title')!;
    expect(exact).toMatch(/2026/);
    expect(when.querySelector('time')).toHaveAttribute('datetime', '2026-11-26T10:00:00.000Z');
    await userEvent.click(when);
    expect(when).toHaveTextContent(exact);
    expect(when).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(when);
    expect(when).toHaveTextContent('2 hr. ago');
  });

  it('says so when nothing happened yet', () => {
    render(<ActivityList items={[]} now={NOW} />);
    expect(screen.getByText('No activity yet.')).toBeInTheDocument();
  });
});
