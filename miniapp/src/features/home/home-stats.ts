import { FALLBACK_HOME_STATS, type MarketplaceStats } from '@stickerdrop/shared';
import { Gem, Palette, Tag, TrendingUp } from '../../components/icon-set';
import type { StatTile } from '../../components/StatTiles';
import type { Formats } from '../../i18n/format';
import type { Translate } from '../../i18n/translate';
import type { homeTexts } from './messages';

type HomeKey = NonNullable<(typeof homeTexts)['keys']>;

/** SPEC §2 Home tiles, figures in the reader's digits; SPEC §9 fallback figures when the stats call yields no data. */
export function homeStatTiles(
  stats: MarketplaceStats | null | undefined,
  t: Translate<HomeKey>,
  format: Formats,
): StatTile[] {
  const values = stats
    ? {
        totalListings: format.number(stats.totalListings),
        uniqueSellers: format.number(stats.uniqueSellers),
        totalVolume: format.compact(Number(stats.totalVolume)),
        totalSales: format.number(stats.totalSales),
      }
    : FALLBACK_HOME_STATS;
  return [
    { label: t('home.stats.listings'), value: values.totalListings, icon: Tag },
    { label: t('home.stats.creators'), value: values.uniqueSellers, icon: Palette },
    { label: t('home.stats.volume'), value: values.totalVolume, icon: Gem },
    { label: t('home.stats.sales'), value: values.totalSales, icon: TrendingUp },
  ];
}
