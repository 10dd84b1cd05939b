import { describe, expect, it } from 'vitest';
import { packRating } from '@stickerdrop/core';

describe('packRating', () => {
  it('is 0 without engagement and when nobody liked the pack', () => {
    expect(packRating({ likes: 0, owners: 0, views: 0 })).toBe(0);
    expect(packRating({ likes: 0, owners: 5, views: 300 })).toBe(0);
  });

  it('is the share of engaged people who liked it, on 0–5 with one decimal', () => {
    expect(packRating({ likes: 3, owners: 4, views: 20 })).toBe(3.8);
    expect(packRating({ likes: 10, owners: 2, views: 50 })).toBe(5);
    expect(packRating({ likes: 1, owners: 0, views: 100 })).toBe(0.5);
  });

  it('never leaves 0–5', () => {
    for (const likes of [0, 1, 7, 1000]) {
      for (const owners of [0, 3, 2000]) {
        for (const views of [0, 9, 10_000]) {
          const rating = packRating({ likes, owners, views });
          expect(rating).toBeGreaterThanOrEqual(0);
          expect(rating).toBeLessThanOrEqual(5);
        }
      }
    }
  });
});
