import { Icon } from '../../components/Icon';
import { X } from '../../components/icon-set';
import { useFormat, type Formats } from '../../i18n/format';
import { useT, type Translate } from '../../i18n/translate';
import { availabilityLabels, categoryLabels, formatLabels } from './labels';
import type { MarketFilters } from './market-query';
import { marketplaceTexts, type MarketplaceKey } from './messages';

/** The sheet's filters in use, each with what removing it leaves. */
function activeChips(filters: MarketFilters, t: Translate<MarketplaceKey>, format: Formats) {
  const { availability, category, format: stickerFormat, minPrice, maxPrice } = filters;
  const min = minPrice === undefined ? '' : format.tonAmount(minPrice);
  const max = maxPrice === undefined ? '' : format.tonAmount(maxPrice);
  const price =
    minPrice && maxPrice
      ? t('marketplace.filters.priceRange', { min, max })
      : minPrice
        ? t('marketplace.filters.priceFrom', { min })
        : maxPrice
          ? t('marketplace.filters.priceTo', { max })
          : null;
  return [
    availability === 'all'
      ? null
      : { label: availabilityLabels(t)[availability], without: { ...filters, availability: 'all' as const } },
    category ? { label: categoryLabels(t)[category], without: { ...filters, category: undefined } } : null,
    stickerFormat ? { label: formatLabels(t)[stickerFormat], without: { ...filters, format: undefined } } : null,
    price ? { label: price, without: { ...filters, minPrice: undefined, maxPrice: undefined } } : null,
  ].filter((chip) => chip !== null);
}

/** The filters in use as chips that remove themselves, and Reset filters when any is on. */
export function ActiveFilters({
  filters,
  onChange,
  onReset,
}: {
  filters: MarketFilters;
  onChange: (filters: MarketFilters) => void;
  onReset: () => void;
}) {
  const t = useT(marketplaceTexts);
  const format = useFormat();
  const chips = activeChips(filters, t, format);
  if (chips.length === 0) return null;
  return (
    <div className="chips active-filters" role="group" aria-label={t('marketplace.filters.active')}>
      {chips.map(({ label, without }) => (
        <button
          key={label}
          type="button"
          className="chip chip--active active-filters__chip"
          aria-label={t('marketplace.filters.remove', { filter: label })}
          onClick={() => onChange(without)}
        >
          {label}
          <Icon icon={X} size={14} />
        </button>
      ))}
      <button type="button" className="chip active-filters__reset" onClick={onReset}>
        {t('marketplace.filters.reset')}
      </button>
    </div>
  );
}
