import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
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
  const toast = useToast();
  const { user, setUser } = useAuth();
  const [linking, setLinking] = useState(false);

  const link = async () => {
    setLinking(true);
    try {
      setUser(await linkWalletWithProof(api));
      haptics.success();
      toast.success(MESSAGES.walletLinked);
    } catch (error) {
      if (error instanceof WalletDismissedError) return;
      haptics.error();
      toast.error(errorText(error, MESSAGES.walletLinkFailed));
    } finally {
      setLinking(false);
    }
  };

  return (
    <Button mode="bezeled" size={size} stretched={stretched} loading={linking} onClick={() => void link()}>
      {user?.walletAddress ? 'Link another wallet' : (label ?? 'Link wallet')}
    </Button>
  );
}
