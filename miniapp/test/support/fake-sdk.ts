import { vi } from 'vitest';
import type { TelegramSdk } from '../../src/telegram/sdk';

/** Records every native call the app makes; tests fire the buttons' click listeners by hand. */
export function fakeSdk() {
  const calls: Array<[string, ...unknown[]]> = [];
  const listeners = {
    back: new Set<() => void>(),
    main: new Set<() => void>(),
    secondary: new Set<() => void>(),
  };
  const safe = <A extends unknown[]>(name: string, result?: (...args: A) => unknown) => {
    const fn = (...args: A) => {
      calls.push([name, ...args]);
      return result?.(...args);
    };
    return Object.assign(fn, {
      isAvailable: () => true,
      ifAvailable: (...args: A) => [true, fn(...args)],
    });
  };
  const subscribe = (set: Set<() => void>, name: string) =>
    safe(name, (listener: () => void) => {
      set.add(listener);
      return () => set.delete(listener);
    });
  const sdk = {
    backButton: {
      show: safe('backButton.show'),
      hide: safe('backButton.hide'),
      onClick: subscribe(listeners.back, 'backButton.onClick'),
    },
    mainButton: { setParams: safe('mainButton.setParams'), onClick: subscribe(listeners.main, 'mainButton.onClick') },
    secondaryButton: {
      setParams: safe('secondaryButton.setParams'),
      onClick: subscribe(listeners.secondary, 'secondaryButton.onClick'),
    },
    closingBehavior: {
      enableConfirmation: safe('closingBehavior.enableConfirmation'),
      disableConfirmation: safe('closingBehavior.disableConfirmation'),
    },
    shareMessage: safe('shareMessage', () => Promise.resolve()),
    checkHomeScreenStatus: safe('checkHomeScreenStatus', () => Promise.resolve('missed')),
    addToHomeScreen: safe('addToHomeScreen'),
    hapticFeedback: {
      impactOccurred: safe('haptic.impact'),
      selectionChanged: safe('haptic.selection'),
      notificationOccurred: safe('haptic.notification'),
    },
    shareURL: safe('shareURL'),
    openLink: safe('openLink'),
    openTelegramLink: safe('openTelegramLink'),
    themeParams: { isDark: Object.assign(() => false, { sub: () => () => {} }) },
    invoice: { open: safe('invoice.open', () => Promise.resolve('paid')) },
  } as unknown as TelegramSdk;
  return {
    sdk,
    calls,
    names: () => calls.map(([name]) => name),
    pressBack: () => listeners.back.forEach((listener) => listener()),
    pressMain: () => listeners.main.forEach((listener) => listener()),
    pressSecondary: () => listeners.secondary.forEach((listener) => listener()),
    lastMainButton: () =>
      [...calls].reverse().find(([name]) => name === 'mainButton.setParams')?.[1] as
        Record<string, unknown> | undefined,
  };
}

export const insideTelegram = { inside: true, platform: 'android', rawInitData: null, startParam: null };

export { vi };
