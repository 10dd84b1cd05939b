import { useSyncExternalStore } from 'react';
import { telegramSdk } from './sdk';

const noSubscription = () => () => {};

/** Telegram's theme is dark (live as the user switches theme); null outside Telegram. */
export function useTelegramThemeDark(): boolean | null {
  const isDark = telegramSdk()?.themeParams.isDark;
  return useSyncExternalStore(isDark ? (listener) => isDark.sub(listener) : noSubscription, () =>
    isDark ? isDark() : null,
  );
}
