import { LayoutGrid, List } from '../../components/icon-set';
import type { IconNode } from '../../components/Icon';
import type { Availability, Category, FormatFilter, Sort, ViewMode } from '@stickerdrop/shared';
import type { Translate } from '../../i18n/translate';
import type { MarketplaceKey } from './messages';

/** Button labels for SPEC §4's sort values. */
export const sortLabels = (t: Translate<MarketplaceKey>): Record<Sort, string> => ({
  trending: t('marketplace.sort.trending'),
  newest: t('marketplace.sort.newest'),
  price_low: t('marketplace.sort.priceLow'),
  price_high: t('marketplace.sort.priceHigh'),
});

export const availabilityLabels = (t: Translate<MarketplaceKey>): Record<Availability, string> => ({
  all: t('marketplace.market.all'),
  primary: t('marketplace.market.primary'),
  resale: t('marketplace.market.resale'),
});

/** A filter's "no choice" chip. */
export type Any = 'any';

export const categoryLabels = (t: Translate<MarketplaceKey>): Record<Category | Any, string> => ({
  any: t('marketplace.filters.any'),
  general: t('marketplace.category.general'),
  animals: t('marketplace.category.animals'),
  emotions: t('marketplace.category.emotions'),
  food: t('marketplace.category.food'),
  nature: t('marketplace.category.nature'),
  objects: t('marketplace.category.objects'),
  people: t('marketplace.category.people'),
  symbols: t('marketplace.category.symbols'),
});

export const formatLabels = (t: Translate<MarketplaceKey>): Record<FormatFilter | Any, string> => ({
  any: t('marketplace.filters.any'),
  static: t('marketplace.format.static'),
  animated: t('marketplace.format.animated'),
  video: t('marketplace.format.video'),
  emoji: t('marketplace.format.emoji'),
});

/** The view buttons show an icon; these labels are their accessible names. */
export const viewLabels = (t: Translate<MarketplaceKey>): Record<ViewMode, string> => ({
  grid: t('marketplace.view.grid'),
  list: t('marketplace.view.list'),
});

export const VIEW_ICONS: Record<ViewMode, IconNode> = { grid: LayoutGrid, list: List };
