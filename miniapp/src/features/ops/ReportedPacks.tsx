import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { useApi } from '../../api/ApiProvider';
import { RelativeTime } from '../../components/RelativeTime';
import { Link } from '../../router';
import { translate, useT } from '../../i18n/translate';
import { REASON_KEYS } from './labels';
import { ListState } from './ListState';
import { opsTexts } from './messages';
import { opsApi, opsQueries, type ReportedPack } from './queries';
import { TakedownSheet } from './TakedownSheet';
import { useOpsAction } from './use-ops-action';

/** Packs with open reports, the latest reported first: each with its creator, sales and the reports' texts. */
export function ReportedPacks() {
  const api = useApi();
  const t = useT(opsTexts);
  const reports = useQuery(opsQueries.reports(api));
  const [takingDown, setTakingDown] = useState<ReportedPack['pack'] | null>(null);
  return (
    <section className="panel ops__section" aria-labelledby="ops-reports">
      <h2 id="ops-reports">{t('ops.reports.title')}</h2>
      <ListState query={reports} empty={t('ops.reports.empty')} emptyDetail={t('ops.reports.emptyDetail')}>
        {(packs) => (
          <ul className="ops__list">
            {packs.map((reported) => (
              <ReportedPackItem key={reported.pack.id} reported={reported} onTakeDown={setTakingDown} />
            ))}
          </ul>
        )}
      </ListState>
      {takingDown ? <TakedownSheet pack={takingDown} onClose={() => setTakingDown(null)} /> : null}
    </section>
  );
}

function ReportedPackItem({
  reported,
  onTakeDown,
}: {
  reported: ReportedPack;
  onTakeDown: (pack: ReportedPack['pack']) => void;
}) {
  const t = useT(opsTexts);
  const { pack } = reported;
  const removed = pack.status !== 'listed';
  return (
    <li className="ops__card" data-testid="ops-reported-pack">
      <div className="ops__card-head">
        <div className="ops__card-title">
          <Link to={`/sticker?id=${pack.id}`} className="ops__pack-link">
            {pack.title}
          </Link>
          <span className="muted">
            {t('ops.reports.creator', {
              name: pack.creator.username ? `@${pack.creator.username}` : pack.creator.name,
            })}
            {' · '}
            {t('ops.reports.sales', { count: pack.sales })}
            {' · '}
            {t('ops.reports.count', { count: reported.openReports })}
          </span>
        </div>
        {removed ? <span className="chip ops__removed">{t('ops.reports.removed')}</span> : null}
        {removed ? <RestoreButton packId={pack.id} /> : null}
        {removed ? null : (
          <Button size="s" mode="bezeled" onClick={() => onTakeDown(pack)}>
            {t('ops.takedown.open')}
          </Button>
        )}
      </div>
      <ul className="ops__reports">
        {reported.reports.map((report) => (
          <li key={report.id}>
            <strong>{t(REASON_KEYS[report.reason])}</strong>
            <span>{report.details || t('ops.reports.noDetails')}</span>
            <RelativeTime at={report.at} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Lists a removed pack again; the API refunds nothing twice. */
export function RestoreButton({ packId }: { packId: number }) {
  const api = useApi();
  const t = useT(opsTexts);
  const restore = useOpsAction(
    (id: number) => opsApi.restore(api, id),
    (id) => translate(opsTexts, 'ops.restore.done', { id }),
  );
  return (
    <Button size="s" mode="bezeled" loading={restore.isPending} onClick={() => restore.mutate(packId)}>
      {t('ops.restore.open')}
    </Button>
  );
}
