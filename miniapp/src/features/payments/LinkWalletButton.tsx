import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { translate, useT } from '../../i18n/translate';
import { paymentsTexts } from './messages';
import { linkWalletWithProof, WalletDismissedError } from './ton-connect';

interface LinkWalletButtonProps {
  /** The button's words where it asks for a particular wallet (a creator's payout wallet). */
  label?: string;
  size?: 's' | 'm' | 'l';
  stretched?: boolean;
}

/** Link wallet: TON Connect with a ton_proof the API verifies (SPEC's toasts either way). */
export function LinkWalletButton({ label, size = 'm', stretched = true }: LinkWalletButtonProps = {}) {
  const api = useApi();
  const t = useT(paymentsTexts);
  const toast = useToast();
  const { user, setUser } = useAuth();
  const [linking, setLinking] = useState(false);

  const link = async () => {
    setLinking(true);
    try {
      setUser(await linkWalletWithProof(api));
      haptics.success();
      toast.success(translate(paymentsTexts, 'payments.linked'));
    } catch (error) {
      if (error instanceof WalletDismissedError) return;
      haptics.error();
      toast.error(errorText(error, translate(paymentsTexts, 'payments.linkFailed')));
    } finally {
      setLinking(false);
    }
  };

  return (
    <Button mode="bezeled" size={size} stretched={stretched} loading={linking} onClick={() => void link()}>
      {user?.walletAddress ? t('payments.linkAnother') : (label ?? t('payments.linkWallet'))}
    </Button>
  );
}
