import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { translate, useT } from '../../i18n/translate';
import { paymentsTexts } from './messages';
import { useToast } from '../../toast/ToastProvider';
import { payWithTonConnect, WalletDismissedError, type TonPayment } from './ton-connect';

/** Sends (again) the order's TON transaction, every leg of it, through the buyer's wallet, while the page waits for it on chain. */
export function TonPayButton({ payment }: { payment: TonPayment }) {
  const toast = useToast();
  const t = useT(paymentsTexts);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await payWithTonConnect(payment);
    } catch (error) {
      if (!(error instanceof WalletDismissedError)) toast.error(translate(paymentsTexts, 'payments.purchaseFailed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Button stretched size="l" loading={sending} onClick={() => void send()}>
      {t('payments.payWithWallet')}
    </Button>
  );
}
