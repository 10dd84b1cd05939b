import type { StudioBalance as Balance } from '@stickerdrop/shared';
import { CircleCheck, Clock, Wallet } from '../../components/icon-set';
import { StatTiles } from '../../components/StatTiles';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { studioTexts } from './messages';

/** What the marketplace holds for the creator: pending (the payment can still be refunded), available, paid. */
export function StudioBalance({ balance }: { balance: Balance }) {
  const t = useT(studioTexts);
  const format = useFormat();
  return (
    <section className="studio__section">
      <h2>{t('studio.balance.title')}</h2>
      <p className="muted">{t('studio.balance.hint')}</p>
      <StatTiles
        label={t('studio.balance.title')}
        tiles={[
          { label: t('studio.balance.pending'), value: format.ton(balance.pending), icon: Clock },
          { label: t('studio.balance.available'), value: format.ton(balance.available), icon: Wallet },
          { label: t('studio.balance.paid'), value: format.ton(balance.paid), icon: CircleCheck },
        ]}
      />
    </section>
  );
}
