import { useEffect, useRef } from 'react';
import { telegramSdk } from './sdk';
import { useTelegram } from './TelegramProvider';

export interface MainButtonParams {
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
export function useMainButton(params: MainButtonParams): boolean {
  const { inside } = useTelegram();
  const mainButton = telegramSdk()?.mainButton;
  const native = Boolean(inside && mainButton?.setParams.isAvailable());
  const onClick = useRef(params.onClick);
  onClick.current = params.onClick;

  useEffect(() => {
    if (!native || !mainButton) return;
    const [, off] = mainButton.onClick.ifAvailable(() => onClick.current());
    return () => {
      off?.();
      mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
    };
  }, [native, mainButton]);

  const { text, visible, enabled, loading } = params;
  useEffect(() => {
    if (!native || !mainButton) return;
    mainButton.setParams.ifAvailable({
      text,
      isVisible: visible,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
    });
  }, [native, mainButton, text, visible, enabled, loading]);

  return native;
}
