import { useState } from 'react';
import { SORTS, VIEW_MODES } from '@stickerdrop/shared';
import { Icon } from '../../components/Icon';
import { SlidersHorizontal } from '../../components/icon-set';
import { SearchField } from '../../components/SearchField';
import { ToggleGroup } from '../../components/ToggleGroup';
import { useT } from '../../i18n/translate';
import { ActiveFilters } from './ActiveFilters';
import { FilterSheet } from './FilterSheet';
import { sortLabels, VIEW_ICONS, viewLabels } from './labels';
import { activeFilterCount } from './market-query';
import { marketplaceTexts } from './messages';
import type { MarketplaceParams } from './use-marketplace-params';

/**
 * The search, the sort, the filters (their sheet, and those in use as chips) and the view, all kept in
 * the URL.
 */
export function MarketToolbar({ params }: { params: MarketplaceParams }) {
  const t = useT(marketplaceTexts);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { availability, category, format, minPrice, maxPrice, setFilters } = params;
  const filters = { availability, category, format, minPrice, maxPrice };
  const count = activeFilterCount(filters);
  return (
    <div className="toolbar">
      <SearchField label={t('marketplace.search')} value={params.search} onChange={params.setSearch} />
      <ToggleGroup
        label={t('marketplace.sort.label')}
        values={SORTS}
        labels={sortLabels(t)}
        value={params.sort}
        onChange={params.setSort}
      />
      <div className="toolbar__row">
        <button
          type="button"
          className={`chip filter-button${count ? ' chip--active' : ''}`}
          aria-haspopup="dialog"
          aria-label={count ? t('marketplace.filters.buttonLabel', { count }) : undefined}
          onClick={() => setSheetOpen(true)}
        >
          <Icon icon={SlidersHorizontal} size={16} />
          {t('marketplace.filters.button')}
          {count ? <span className="filter-button__count">{count}</span> : null}
        </button>
        <ToggleGroup
          label={t('marketplace.view.label')}
          className="view-toggle"
          values={VIEW_MODES}
          labels={viewLabels(t)}
          icons={VIEW_ICONS}
          value={params.view}
          onChange={params.setView}
        />
      </div>
      <ActiveFilters filters={filters} onChange={setFilters} onReset={params.resetFilters} />
      {sheetOpen ? <FilterSheet filters={filters} onApply={setFilters} onClose={() => setSheetOpen(false)} /> : null}
    </div>
  );
}
