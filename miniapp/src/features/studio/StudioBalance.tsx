import type { StudioBalance as Balance } from '@stickerdrop/shared';
import { CircleCheck, Clock, Send, Wallet } from '../../components/icon-set';
import { StatTiles } from '../../components/StatTiles';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { BalanceEntries } from './BalanceEntries';
import { WithdrawButton } from './WithdrawButton';
import { studioTexts } from './messages';

/**
 * What the marketplace holds for the creator: pending (the payment can still be refunded), available, on its
 * way to their wallet and paid; Withdraw once the available figure reaches PAYOUT_MIN; the entries behind it.
 */
export function StudioBalance({ balance }: { balance: Balance }) {
  const t = useT(studioTexts);
  const format = useFormat();
  const sending = Number(balance.sending) > 0;
  return (
    <section className="studio__section studio-balance">
      <h2>{t('studio.balance.title')}</h2>
      <p className="muted">{t('studio.balance.hint')}</p>
      <StatTiles
        label={t('studio.balance.title')}
        tiles={[
          { label: t('studio.balance.pending'), value: format.ton(balance.pending), icon: Clock },
          { label: t('studio.balance.available'), value: format.ton(balance.available), icon: Wallet },
          ...(sending ? [{ label: t('studio.balance.sending'), value: format.ton(balance.sending), icon: Send }] : []),
          { label: t('studio.balance.paid'), value: format.ton(balance.paid), icon: CircleCheck },
        ]}
      />
      <WithdrawButton balance={balance} />
      <BalanceEntries entries={balance.entries} />
    </section>
  );
}
