import { describe, expect, it } from 'vitest';
import { homeStatTiles } from '../../../src/features/home/home-stats';
import { stats } from '../../support/data';

describe('home statistic tiles', () => {
  it('show SPEC §9 fallback figures when the stats call yields no data', () => {
    expect(homeStatTiles(undefined).map((tile) => [tile.label, tile.value])).toEqual([
      ['Active Listings', '1,234'],
      ['Creators', '567'],
      ['TON Volume', '89.5K'],
      ['Total Sales', '2,345'],
    ]);
  });

  it('format the real figures', () => {
    expect(homeStatTiles(stats).map((tile) => tile.value)).toEqual(['42', '7', '12.5K', '1,234']);
  });
});
