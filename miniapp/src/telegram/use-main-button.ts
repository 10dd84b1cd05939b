import { useEffect, useRef } from 'react';
import { telegramSdk, type TelegramSdk } from './sdk';
import { useTelegram } from './TelegramProvider';
import { claimButton, refreshClaim, type BottomButtonName, type ButtonClaim } from './bottom-button-claims';

export interface BottomButtonParams {
  text: string;
  /** False hides the button. */
  visible: boolean;
  enabled: boolean;
  /** Shows the button's progress indicator. */
  loading: boolean;
  onClick: () => void;
}

/**
 * Drives Telegram's Main Button while the calling screen is shown. Returns true when the native button
 * is in use; on the plain web it returns false and the screen renders its own page button instead. A part
 * mounted later (a sheet) takes the button over while it is shown, and gives it back when it goes.
 */
export function useMainButton(params: BottomButtonParams): boolean {
  return useBottomButton('mainButton', params);
}

/** The same for the Secondary Button (clients from 7.10; older ones get the page button). */
export function useSecondaryButton(params: BottomButtonParams): boolean {
  return useBottomButton('secondaryButton', params);
}

function useBottomButton(which: BottomButtonName, params: BottomButtonParams): boolean {
  const { inside } = useTelegram();
  const button: TelegramSdk['mainButton'] | TelegramSdk['secondaryButton'] | undefined = telegramSdk()?.[which];
  const native = Boolean(inside && button?.setParams.isAvailable());
  const claim = useRef<ButtonClaim>({ params });
  claim.current.params = params;

  useEffect(() => {
    if (!native || !button) return;
    return claimButton(which, button, claim.current);
  }, [native, button, which]);

  const { text, visible, enabled, loading } = params;
  useEffect(() => {
    if (native && button) refreshClaim(which, button, claim.current);
  }, [native, button, which, text, visible, enabled, loading]);

  return native;
}
