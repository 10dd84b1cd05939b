import { LayoutGrid, List } from '../../components/icon-set';
import type { IconNode } from '../../components/Icon';
import type { Sort, ViewMode } from '@stickerdrop/shared';
import type { Translate } from '../../i18n/translate';
import type { MarketplaceKey } from './messages';
import type { MarketFilter } from './use-marketplace-params';

/** Button labels for SPEC §4's sort values. */
export const sortLabels = (t: Translate<MarketplaceKey>): Record<Sort, string> => ({
  trending: t('marketplace.sort.trending'),
  newest: t('marketplace.sort.newest'),
  price_low: t('marketplace.sort.priceLow'),
  price_high: t('marketplace.sort.priceHigh'),
});

export const marketLabels = (t: Translate<MarketplaceKey>): Record<MarketFilter, string> => ({
  all: t('marketplace.market.all'),
  resale: t('marketplace.market.resale'),
});

/** The view buttons show an icon; these labels are their accessible names. */
export const viewLabels = (t: Translate<MarketplaceKey>): Record<ViewMode, string> => ({
  grid: t('marketplace.view.grid'),
  list: t('marketplace.view.list'),
});

export const VIEW_ICONS: Record<ViewMode, IconNode> = { grid: LayoutGrid, list: List };
