import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { RelativeTime } from '../../components/RelativeTime';
import { useT } from '../../i18n/translate';
import { ACTION_KEYS, REMOVAL_KEYS, TARGET_KEYS } from './labels';
import { ListState } from './ListState';
import { opsTexts } from './messages';
import { opsQueries } from './queries';
import { RestoreButton } from './ReportedPacks';

/**
 * Packs whose latest action in the log is a takedown: still removed, so their entry offers Restore (a taken
 * down pack's reports are answered, so it leaves the reported list).
 */
function stillRemoved(entries: AuditEntry[]): Set<number> {
  const seen = new Set<string>();
  const removed = new Set<number>();
  for (const entry of entries) {
    if (entry.target.kind !== 'pack' || seen.has(entry.target.id)) continue;
    seen.add(entry.target.id);
    if (entry.action === 'pack.takedown') removed.add(entry.id);
  }
  return removed;
}

/** Every operator action, newest first: what, who, to what, why and when. */
export function AuditLog() {
  const api = useApi();
  const t = useT(opsTexts);
  const audit = useQuery(opsQueries.audit(api));
  return (
    <section className="panel ops__section" aria-labelledby="ops-audit">
      <h2 id="ops-audit">{t('ops.audit.title')}</h2>
      <ListState query={audit} empty={t('ops.audit.empty')}>
        {(entries) => {
          const restorable = stillRemoved(entries);
          return (
            <table className="ops__table" aria-labelledby="ops-audit">
              <thead>
                <tr>
                  <th scope="col">{t('ops.audit.action')}</th>
                  <th scope="col">{t('ops.audit.operator')}</th>
                  <th scope="col">{t('ops.audit.target')}</th>
                  <th scope="col">{t('ops.audit.reason')}</th>
                  <th scope="col">{t('ops.audit.time')}</th>
                  <td />
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} restorable={restorable.has(entry.id)} />
                ))}
              </tbody>
            </table>
          );
        }}
      </ListState>
    </section>
  );
}

function AuditRow({ entry, restorable }: { entry: AuditEntry; restorable: boolean }) {
  const t = useT(opsTexts);
  const action = ACTION_KEYS[entry.action];
  const target = TARGET_KEYS[entry.target.kind];
  const reason = entry.reason ? REMOVAL_KEYS[entry.reason] : undefined;
  return (
    <tr data-testid="ops-audit-entry">
      <td data-label={t('ops.audit.action')}>{action ? t(action) : entry.action}</td>
      <td data-label={t('ops.audit.operator')}>{entry.operatorId}</td>
      <td data-label={t('ops.audit.target')}>
        {target ? t(target, { id: entry.target.id }) : `${entry.target.kind} ${entry.target.id}`}
      </td>
      <td data-label={t('ops.audit.reason')}>
        {reason ? t(reason) : entry.reason}
        {/* An unban's note often repeats the ban's reason: said once. */}
        {entry.note && entry.note !== entry.reason ? <span className="muted ops__detail">{entry.note}</span> : null}
      </td>
      <td data-label={t('ops.audit.time')}>
        <RelativeTime at={entry.at} />
      </td>
      <td>{restorable ? <RestoreButton packId={Number(entry.target.id)} /> : null}</td>
    </tr>
  );
}
