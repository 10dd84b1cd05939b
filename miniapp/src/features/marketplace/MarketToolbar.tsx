import { SORTS, VIEW_MODES } from '@stickerdrop/shared';
import { SearchField } from '../../components/SearchField';
import { ToggleGroup } from '../../components/ToggleGroup';
import { useT } from '../../i18n/translate';
import { marketLabels, sortLabels, VIEW_ICONS, viewLabels } from './labels';
import { marketplaceTexts } from './messages';
import { MARKET_FILTERS, type useMarketplaceParams } from './use-marketplace-params';

/** The search, the sort, the market filter and the view, all kept in the URL. */
export function MarketToolbar({ params }: { params: ReturnType<typeof useMarketplaceParams> }) {
  const t = useT(marketplaceTexts);
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
      <ToggleGroup
        label={t('marketplace.market.label')}
        values={MARKET_FILTERS}
        labels={marketLabels(t)}
        value={params.market}
        onChange={params.setMarket}
      />
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
  );
}
