import type { FindRefreshTokenKeeper } from '../api/token-store';
import { hasTelegramChannel } from './sdk';

export interface RefreshTokenPlace {
  /** For the token store; absent on the plain web, where the refresh token simply stays in local storage. */
  findKeeper?: FindRefreshTokenKeeper;
  /**
   * Asks for the secure storage's code now. Start-up calls it in the task that asks for the first screen's
   * chunks: asked for any earlier, it can arrive before they are asked for and make a wave of its own.
   */
  requestCode(): void;
  /** Called once the SDK's set-up knows whether this is a Telegram client. */
  settle(insideTelegram: boolean): void;
}

const loadKeeperCode = () => import('./refresh-token-keeper');

/**
 * Where the refresh token is to live, decided once Telegram's set-up is done: a page with a channel to a
 * client waits for it (the secure storage's code loads only inside Telegram); the plain web never does.
 */
export function refreshTokenPlace(): RefreshTokenPlace {
  if (!hasTelegramChannel()) return { requestCode: () => undefined, settle: () => undefined };
  let settle: (inside: boolean) => void = () => undefined;
  const inside = new Promise<boolean>((resolve) => (settle = resolve));
  let keeperCode: ReturnType<typeof loadKeeperCode> | null = null;
  const requestCode = () => {
    if (keeperCode) return keeperCode;
    keeperCode = loadKeeperCode();
    // Awaited below only inside Telegram; a failed load is that call's to report, never an unhandled one.
    keeperCode.catch(() => undefined);
    return keeperCode;
  };
  return {
    findKeeper: async (local) => {
      if (!(await inside)) return null;
      return (await requestCode()).secureRefreshTokenKeeper(local);
    },
    requestCode: () => void requestCode(),
    settle: (value) => settle(value),
  };
}
