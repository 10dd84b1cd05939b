import { LayoutGrid, List } from '../../components/icon-set';
import type { IconNode } from '../../components/Icon';
import type { Sort, ViewMode } from '@stickerdrop/shared';

/** Button labels for SPEC §4's sort values and view modes. */
export const SORT_LABELS: Record<Sort, string> = {
  trending: 'Trending',
  newest: 'Newest',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
};

export const VIEW_LABELS: Record<ViewMode, string> = { grid: 'Grid view', list: 'List view' };

/** The view buttons show an icon; VIEW_LABELS is their accessible name. */
export const VIEW_ICONS: Record<ViewMode, IconNode> = { grid: LayoutGrid, list: List };
