import { useEffect, useRef } from 'react';
import { telegramSdk, type TelegramSdk } from './sdk';
import { useTelegram } from './TelegramProvider';

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
 * is in use; on the plain web it returns false and the screen renders its own page button instead.
 */
export function useMainButton(params: BottomButtonParams): boolean {
  return useBottomButton('mainButton', params);
}

/** The same for the Secondary Button (clients from 7.10; older ones get the page button). */
export function useSecondaryButton(params: BottomButtonParams): boolean {
  return useBottomButton('secondaryButton', params);
}

function useBottomButton(which: 'mainButton' | 'secondaryButton', params: BottomButtonParams): boolean {
  const { inside } = useTelegram();
  const button: TelegramSdk['mainButton'] | TelegramSdk['secondaryButton'] | undefined = telegramSdk()?.[which];
  const native = Boolean(inside && button?.setParams.isAvailable());
  const onClick = useRef(params.onClick);
  onClick.current = params.onClick;

  useEffect(() => {
    if (!native || !button) return;
    const [, off] = button.onClick.ifAvailable(() => onClick.current());
    return () => {
      off?.();
      button.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
    };
  }, [native, button]);

  const { text, visible, enabled, loading } = params;
  useEffect(() => {
    if (!native || !button) return;
    button.setParams.ifAvailable({
      text,
      isVisible: visible,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
    });
  }, [native, button, text, visible, enabled, loading]);

  return native;
}
