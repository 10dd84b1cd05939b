import { Placeholder } from '@telegram-apps/telegram-ui';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/translate';
import { Page } from '../../telegram/Page';
import { AuditLog } from './AuditLog';
import { BanForm } from './BanForm';
import { opsTexts } from './messages';
import { OpsQueues } from './OpsQueues';
import { useOperator } from './operator';
import { RemovedPacks } from './RemovedPacks';
import { ReportedPacks } from './ReportedPacks';
import '../gifts/gifts.css';
import './ops.css';

/**
 * #/ops, the operator's desk: reported packs (take down, restore), removed packs to review (restore), the queues waiting for a person, bans and
 * the audit log. Anyone not an operator sees "not allowed", and nothing of /api/ops is asked for them.
 */
export function OpsPage() {
  const t = useT(opsTexts);
  const operator = useOperator();
  if (operator.pending) return <Loading />;
  if (!operator.isOperator) {
    return (
      <Page webBack>
        <Placeholder
          className="ops__not-allowed"
          header={t('ops.notAllowed.title')}
          description={t('ops.notAllowed.detail')}
          action={
            <ButtonLink to="/" mode="bezeled">
              {t('ops.notAllowed.home')}
            </ButtonLink>
          }
        />
      </Page>
    );
  }
  return (
    <Page webBack>
      <h1 className="page-title">{t('ops.title')}</h1>
      <p className="muted ops__intro">{t('ops.intro')}</p>
      <ReportedPacks />
      <RemovedPacks />
      <OpsQueues />
      <BanForm />
      <AuditLog />
    </Page>
  );
}
