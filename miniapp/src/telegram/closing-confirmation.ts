import { useEffect } from 'react';
import { telegramSdk } from './sdk';

/**
 * While `active`, closing the mini-app asks the user first (a payment is open: closing would leave it
 * unseen). Nothing on the plain web or a client without the closing behaviour.
 */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    const closing = telegramSdk()?.closingBehavior;
    if (!active || !closing) return;
    closing.enableConfirmation.ifAvailable();
    return () => void closing.disableConfirmation.ifAvailable();
  }, [active]);
}
