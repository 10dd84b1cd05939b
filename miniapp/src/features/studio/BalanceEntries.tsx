import type { StudioBalanceEntry } from '@stickerdrop/shared';
import { Link } from '../../router';
import { useFormat } from '../../i18n/format';
import { useT, type Translate } from '../../i18n/translate';
import { studioTexts, type StudioKey } from './messages';

/** Each kind of entry by name, so every label is a key the catalogues can be checked for. */
const KIND_LABELS: Record<StudioBalanceEntry['kind'], StudioKey> = {
  primary_sale: 'studio.entries.kind.primary_sale',
  royalty: 'studio.entries.kind.royalty',
  reversal: 'studio.entries.kind.reversal',
  payout: 'studio.entries.kind.payout',
};

const COLUMNS = [
  'studio.entries.date',
  'studio.entries.sale',
  'studio.entries.order',
  'studio.entries.rail',
  'studio.entries.amount',
  'studio.entries.state',
] as const satisfies readonly StudioKey[];

/**
 * The entries behind the balance, newest first, each traceable to its sale (pack and serial, the order,
 * the rail it was paid with) or, for a withdrawal, where its payout stands. A table on a wide screen, cards
 * on a phone (studio.css), as the packs table.
 */
export function BalanceEntries({ entries }: { entries: StudioBalanceEntry[] }) {
  const t = useT(studioTexts);
  if (entries.length === 0) return null;
  return (
    <>
      <h3 id="studio-entries-title" className="studio-entries__title">
        {t('studio.entries.title')}
      </h3>
      <table className="studio-table studio-entries" aria-labelledby="studio-entries-title">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
    </>
  );
}

function EntryRow({ entry }: { entry: StudioBalanceEntry }) {
  const t = useT(studioTexts);
  const format = useFormat();
  const kind = t(KIND_LABELS[entry.kind]);
  return (
    <tr data-entry-kind={entry.kind}>
      <td data-label={t('studio.entries.date')}>{format.date(entry.createdAt)}</td>
      <th scope="row" data-label={t('studio.entries.sale')}>
        {entry.packId !== null && entry.packTitle !== null ? (
          <>
            {kind}:{' '}
            <Link to={`/sticker?id=${entry.packId}`}>
              {entry.packTitle}
              {entry.serial !== null && ` #${entry.serial}`}
            </Link>
          </>
        ) : (
          kind
        )}
      </th>
      <td data-label={t('studio.entries.order')} title={entry.orderId ?? undefined}>
        {entry.orderId ? entry.orderId.slice(0, 8) : '—'}
      </td>
      <td data-label={t('studio.entries.rail')}>{t(railKey(entry.rail))}</td>
      <td data-label={t('studio.entries.amount')} className="studio-entries__amount">
        {format.ton(entry.amount)}
      </td>
      <td data-label={t('studio.entries.state')}>{stateText(entry, t, format)}</td>
    </tr>
  );
}

/** The rail a credit came by; a rail named otherwise reads as TON, the marketplace's own. */
function railKey(rail: string): StudioKey {
  if (rail === 'stars') return 'studio.entries.rail.stars';
  return rail === 'stripe' ? 'studio.entries.rail.stripe' : 'studio.entries.rail.ton';
}

const PAYOUT_STATE_LABELS: Record<NonNullable<StudioBalanceEntry['payoutState']>, StudioKey> = {
  sending: 'studio.entries.state.sending',
  held: 'studio.entries.state.held',
  paid: 'studio.entries.state.paid',
  failed: 'studio.entries.state.failed',
};

function stateText(entry: StudioBalanceEntry, t: Translate<StudioKey>, format: ReturnType<typeof useFormat>): string {
  if (entry.payoutState) return t(PAYOUT_STATE_LABELS[entry.payoutState]);
  if (entry.pending) return t('studio.entries.state.pendingUntil', { date: format.date(entry.availableAt) });
  return t('studio.entries.state.available');
}
