import type { StudioBalanceEntry } from '@stickerdrop/shared';
import { Link } from '../../router';
import { useFormat } from '../../i18n/format';
import { useT, type Translate } from '../../i18n/translate';
import { studioTexts, type StudioKey } from './messages';

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
  const kind = t(`studio.entries.kind.${entry.kind}`);
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

function railKey(rail: string): StudioKey {
  return rail === 'stars' || rail === 'stripe' ? `studio.entries.rail.${rail}` : 'studio.entries.rail.ton';
}

function stateText(entry: StudioBalanceEntry, t: Translate<StudioKey>, format: ReturnType<typeof useFormat>): string {
  if (entry.payoutState) return t(`studio.entries.state.${entry.payoutState}`);
  if (entry.pending) return t('studio.entries.state.pendingUntil', { date: format.date(entry.availableAt) });
  return t('studio.entries.state.available');
}
