import type * as Sdk from './sdk-bundle';

export type TelegramSdk = typeof Sdk;

let loaded: TelegramSdk | null = null;

/**
 * The Telegram SDK once init.ts has loaded it inside a container, else null. The plain web never
 * downloads it, so every caller treats null as "no native feature here".
 */
export function telegramSdk(): TelegramSdk | null {
  return loaded;
}

export function provideTelegramSdk(sdk: TelegramSdk | null): void {
  loaded = sdk;
}

/**
 * Whether the page has any channel to a Telegram client: the mobile proxy, the desktop `external.notify`,
 * or a parent frame (Telegram Web). The same channels the SDK's bridge posts to; without one, the SDK
 * could only answer "not in Telegram", so it is not loaded at all.
 */
export function hasTelegramChannel(win: Window = window): boolean {
  const candidate = win as Window & {
    TelegramWebviewProxy?: { postEvent?: unknown };
    external?: { notify?: unknown };
  };
  if (typeof candidate.TelegramWebviewProxy?.postEvent === 'function') return true;
  if (typeof candidate.external?.notify === 'function') return true;
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
