import { useState, type FormEvent } from 'react';
import { Button, Input, Modal } from '@telegram-apps/telegram-ui';
import {
  AVAILABILITIES,
  CATEGORIES,
  FORMAT_FILTERS,
  parseTon,
  type Availability,
  type Category,
  type FormatFilter,
} from '@stickerdrop/shared';
import { SheetHeader } from '../../components/SheetHeader';
import { ToggleGroup } from '../../components/ToggleGroup';
import { useT } from '../../i18n/translate';
import { haptics } from '../../telegram/haptics';
import { useMainButton } from '../../telegram/use-main-button';
import { availabilityLabels, categoryLabels, formatLabels, type Any } from './labels';
import type { MarketFilters } from './market-query';
import { marketplaceTexts, type MarketplaceKey } from './messages';

const CATEGORY_CHIPS: readonly (Category | Any)[] = ['any', ...CATEGORIES];
const FORMAT_CHIPS: readonly (FormatFilter | Any)[] = ['any', ...FORMAT_FILTERS];
/** Every pack first, then those still sold new by their creators, then those listed on resale. */
const AVAILABILITY_CHIPS: readonly Availability[] = ['all', ...AVAILABILITIES.filter((value) => value !== 'all')];

/** The price fields, each with its label's key. */
const PRICE_FIELDS = [
  { bound: 'minPrice', label: 'marketplace.filters.minPrice' },
  { bound: 'maxPrice', label: 'marketplace.filters.maxPrice' },
] as const satisfies readonly { bound: 'minPrice' | 'maxPrice'; label: MarketplaceKey }[];

/** A typed price as the API reads it: a Russian keyboard's decimal comma is a point. */
const typedPrice = (text: string) => text.trim().replace(',', '.');

interface Draft {
  availability: Availability;
  category: Category | Any;
  format: FormatFilter | Any;
  minPrice: string;
  maxPrice: string;
}

const EMPTY_DRAFT: Draft = { availability: 'all', category: 'any', format: 'any', minPrice: '', maxPrice: '' };

/** What is wrong with the typed prices, as the API would refuse them; null when they can be asked for. */
export function priceProblem(minPrice: string, maxPrice: string): MarketplaceKey | null {
  const [min, max] = [minPrice, maxPrice].map((text) =>
    typedPrice(text) === '' ? undefined : parseTon(typedPrice(text)),
  );
  if (min === null || max === null) return 'marketplace.filters.badPrice';
  return min !== undefined && max !== undefined && min > max ? 'marketplace.filters.badRange' : null;
}

/** The sheet's choices until Show results, checked as the API would check them. */
function useFilterDraft(filters: MarketFilters, onApply: (filters: MarketFilters) => void, onClose: () => void) {
  const [draft, setDraft] = useState<Draft>({
    availability: filters.availability,
    category: filters.category ?? 'any',
    format: filters.format ?? 'any',
    minPrice: filters.minPrice ?? '',
    maxPrice: filters.maxPrice ?? '',
  });
  const [problem, setProblem] = useState<MarketplaceKey | null>(null);
  const change = (changes: Partial<Draft>) => {
    setProblem(null);
    setDraft((current) => ({ ...current, ...changes }));
  };
  const apply = () => {
    const found = priceProblem(draft.minPrice, draft.maxPrice);
    if (found) {
      haptics.error();
      setProblem(found);
      return;
    }
    onApply({
      availability: draft.availability,
      category: draft.category === 'any' ? undefined : draft.category,
      format: draft.format === 'any' ? undefined : draft.format,
      minPrice: typedPrice(draft.minPrice) || undefined,
      maxPrice: typedPrice(draft.maxPrice) || undefined,
    });
    onClose();
  };
  return { draft, change, problem, apply, clear: () => change(EMPTY_DRAFT) };
}

/**
 * The market (new or resale), the category, the format and the price range in a bottom sheet (a phone has
 * no room for them all in the toolbar), chosen together and shown at once with Show results; inside
 * Telegram its Main Button shows them. Mount it only while open: each opening starts from the filters in use.
 */
export function FilterSheet({
  filters,
  onApply,
  onClose,
}: {
  filters: MarketFilters;
  onApply: (filters: MarketFilters) => void;
  onClose: () => void;
}) {
  const t = useT(marketplaceTexts);
  const { draft, change, problem, apply, clear } = useFilterDraft(filters, onApply, onClose);
  const native = useMainButton({
    text: t('marketplace.filters.apply'),
    visible: true,
    enabled: true,
    loading: false,
    onClick: apply,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const title = t('marketplace.filters.title');

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      aria-label={title}
      header={<SheetHeader title={title} />}
    >
      <form className="filter-sheet" aria-label={title} onSubmit={submit} noValidate>
        <FilterChoices draft={draft} change={change} />
        <PriceRange draft={draft} change={change} problem={problem} />
        {native ? null : (
          <Button type="submit" size="l" stretched>
            {t('marketplace.filters.apply')}
          </Button>
        )}
        <Button type="button" size="m" mode="plain" stretched onClick={clear}>
          {t('marketplace.filters.reset')}
        </Button>
      </form>
    </Modal>
  );
}

interface DraftProps {
  draft: Draft;
  change: (changes: Partial<Draft>) => void;
}

/** The market, the category and the format, each a group of chips. */
function FilterChoices({ draft, change }: DraftProps) {
  const t = useT(marketplaceTexts);
  const group = <T extends string>(
    label: string,
    values: readonly T[],
    labels: Record<T, string>,
    value: T,
    onChange: (value: T) => void,
  ) => (
    <>
      <h3 className="filter-sheet__legend">{label}</h3>
      <ToggleGroup className="chips chips--wrap" {...{ label, values, labels, value, onChange }} />
    </>
  );
  return (
    <>
      {group(
        t('marketplace.market.label'),
        AVAILABILITY_CHIPS,
        availabilityLabels(t),
        draft.availability,
        (availability) => change({ availability }),
      )}
      {group(t('marketplace.filters.category'), CATEGORY_CHIPS, categoryLabels(t), draft.category, (category) =>
        change({ category }),
      )}
      {group(t('marketplace.filters.format'), FORMAT_CHIPS, formatLabels(t), draft.format, (format) =>
        change({ format }),
      )}
    </>
  );
}

/** The lowest and the highest price, in TON, and what is wrong with them. */
function PriceRange({ draft, change, problem }: DraftProps & { problem: MarketplaceKey | null }) {
  const t = useT(marketplaceTexts);
  return (
    <>
      <h3 className="filter-sheet__legend">{t('marketplace.filters.price')}</h3>
      <div className="filter-sheet__prices">
        {PRICE_FIELDS.map(({ bound, label }) => (
          <Input
            key={bound}
            header={t(label)}
            aria-label={`${t('marketplace.filters.price')}: ${t(label)}`}
            type="text"
            inputMode="decimal"
            status={problem ? 'error' : undefined}
            value={draft[bound]}
            onChange={(event) => change({ [bound]: event.target.value })}
          />
        ))}
      </div>
      {problem ? (
        <p className="filter-sheet__problem" role="alert">
          {t(problem)}
        </p>
      ) : null}
    </>
  );
}
