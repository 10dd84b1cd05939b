import { describe, expect, it } from 'vitest';
import { collectionCounts, totalSpent } from '../../../src/features/collection/collection-stats';
import { collectionItem } from '../../support/data';

describe('collection statistics', () => {
  it('sums the purchase prices exactly, shown with 2 decimals', () => {
    expect(totalSpent([])).toBe('0.00');
    expect(totalSpent([{ purchasePrice: '0.10' }, { purchasePrice: '0.20' }])).toBe('0.30');
    expect(totalSpent([{ purchasePrice: '1.5' }, { purchasePrice: '2.25' }])).toBe('3.75');
    expect(totalSpent([{ purchasePrice: '0.005' }])).toBe('0.01');
    expect(totalSpent([{ purchasePrice: '1000000.00' }, { purchasePrice: '0.99' }])).toBe('1000000.99');
  });

  it('counts favourites and purchases of the last 7 days', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const counts = collectionCounts(
      [
        collectionItem({ id: 1, isFavorite: true, purchasedAt: '2026-11-19T00:00:00Z' }),
        collectionItem({ id: 2, isFavorite: false, purchasedAt: '2026-11-01T00:00:00Z' }),
      ],
      now,
    );
    expect(counts).toEqual({ total: 2, favorites: 1, recent: 1 });
  });
});
