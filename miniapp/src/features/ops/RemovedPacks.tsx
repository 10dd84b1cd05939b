import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { RelativeTime } from '../../components/RelativeTime';
import { useT } from '../../i18n/translate';
import { REMOVAL_KEYS } from './labels';
import { ListState } from './ListState';
import { opsTexts } from './messages';
import { opsQueries, type RemovedPack } from './queries';
import { RestoreButton } from './ReportedPacks';

/**
 * Packs not listed, the latest removed first: taken down by an operator, or hidden with their banned creator
 * until someone reviews them. Restore on each is the one restore, audited, refunding nothing twice.
 */
export function RemovedPacks() {
  const api = useApi();
  const t = useT(opsTexts);
  const removed = useQuery(opsQueries.removed(api));
  return (
    <section className="panel ops__section" aria-labelledby="ops-removed">
      <h2 id="ops-removed">{t('ops.removedPacks.title')}</h2>
      <ListState query={removed} empty={t('ops.removedPacks.empty')} emptyDetail={t('ops.removedPacks.emptyDetail')}>
        {(packs) => (
          <ul className="ops__list">
            {packs.map((entry) => (
              <RemovedPackItem key={entry.pack.id} entry={entry} />
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

function RemovedPackItem({ entry }: { entry: RemovedPack }) {
  const t = useT(opsTexts);
  const { pack } = entry;
  const name = pack.creator.username ? `@${pack.creator.username}` : pack.creator.name;
  return (
    <li className="ops__card" data-testid="ops-removed-pack">
      <div className="ops__card-head">
        <div className="ops__card-title">
          {/* Not a link: a removed pack's page is gone for everyone, operators too. */}
          <span className="ops__pack-title">{pack.title}</span>
          <span className="muted">
            {t('ops.audit.on.pack', { id: pack.id })}
            {' · '}
            {pack.creator.banned ? t('ops.removedPacks.creatorBanned', { name }) : t('ops.reports.creator', { name })}
            {' · '}
            {t('ops.reports.sales', { count: pack.sales })}
          </span>
          <span className="muted">
            {t('ops.removedPacks.removed')} <RelativeTime at={entry.removedAt} />
          </span>
        </div>
        <span className="chip ops__removed">{t(REMOVAL_KEYS[entry.reason] ?? 'ops.reason.other')}</span>
        <RestoreButton packId={pack.id} />
      </div>
    </li>
  );
}
