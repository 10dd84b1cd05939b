import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { Wallet } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { useAuth } from '../auth/AuthProvider';
import { useT } from '../../i18n/translate';
import { paymentsTexts } from './messages';
import { LinkWalletButton } from './LinkWalletButton';
import './payout.css';

/**
 * A creator with nowhere to be paid is asked for a payout wallet (TON Connect, as on the profile): when
 * they become a creator and on the create form. Skippable, never hidden: "Skip for now" folds the ask
 * into one line that keeps its Link button, until a wallet is linked.
 */
export function PayoutWalletAsk({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const t = useT(paymentsTexts);
  const [skipped, setSkipped] = useState(false);
  if (!user?.isCreator || user.walletAddress) return null;
  if (skipped) {
    return (
      <div className={`payout-ask payout-ask--folded ${className}`} role="note" data-testid="payout-ask">
        <Icon icon={Wallet} size={18} className="payout-ask__icon" />
        <span>{t('payments.payout.skipped')}</span>
        <LinkWalletButton label={t('payments.payout.link')} size="s" stretched={false} />
      </div>
    );
  }
  return (
    <section className={`panel payout-ask ${className}`} aria-labelledby="payout-ask-title" data-testid="payout-ask">
      <h2 id="payout-ask-title" className="payout-ask__title">
        <Icon icon={Wallet} size={20} className="payout-ask__icon" />
        {t('payments.payout.title')}
      </h2>
      <p className="payout-ask__body">{t('payments.payout.body')}</p>
      <div className="payout-ask__actions">
        <LinkWalletButton label={t('payments.payout.link')} size="m" stretched={false} />
        <Button mode="plain" size="m" onClick={() => setSkipped(true)}>
          {t('payments.payout.skip')}
        </Button>
      </div>
    </section>
  );
}
