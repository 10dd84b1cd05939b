import { CURRENCY, FALLBACK_HOME_STATS, formatCompact, type MarketplaceStats } from '@stickerdrop/shared';
import { Gem, Palette, Tag, TrendingUp } from '../../components/icon-set';
import type { StatTile } from '../../components/StatTiles';

const count = (value: number) => value.toLocaleString('en-US');

/** SPEC §2 Home tiles; SPEC §9 fallback figures when the stats call yields no data. */
export function homeStatTiles(stats: MarketplaceStats | null | undefined): StatTile[] {
  const values = stats
    ? {
        totalListings: count(stats.totalListings),
        uniqueSellers: count(stats.uniqueSellers),
        totalVolume: formatCompact(Number(stats.totalVolume)),
        totalSales: count(stats.totalSales),
      }
    : FALLBACK_HOME_STATS;
  return [
    { label: 'Active Listings', value: values.totalListings, icon: Tag },
    { label: 'Creators', value: values.uniqueSellers, icon: Palette },
    { label: `${CURRENCY} Volume`, value: values.totalVolume, icon: Gem },
    { label: 'Total Sales', value: values.totalSales, icon: TrendingUp },
  ];
}
