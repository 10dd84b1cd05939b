import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { translate, useT } from '../../i18n/translate';
import { paymentsTexts } from './messages';
import { useToast } from '../../toast/ToastProvider';
import { payWithTonConnect, WalletDismissedError } from './ton-connect';

/** Sends (again) the order's TON transfer through the buyer's wallet, while the page waits for it on chain. */
export function TonPayButton({ payment }: { payment: { receiver: string; amountNano: string; comment: string } }) {
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
