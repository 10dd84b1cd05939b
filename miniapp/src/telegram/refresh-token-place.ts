import type { FindRefreshTokenKeeper } from '../api/token-store';
import { hasTelegramChannel } from './sdk';

export interface RefreshTokenPlace {
  /** For the token store; absent on the plain web, where the refresh token simply stays in local storage. */
  findKeeper?: FindRefreshTokenKeeper;
  /** Called once the SDK's set-up knows whether this is a Telegram client. */
  settle(insideTelegram: boolean): void;
}

/**
 * Where the refresh token is to live, decided once Telegram's set-up is done: a page with a channel to a
 * client waits for it (the secure storage's code loads only inside Telegram); the plain web never does.
 * Its code is asked for at once, with the SDK and the route's chunks, not in a second wave after them.
 */
export function refreshTokenPlace(): RefreshTokenPlace {
  if (!hasTelegramChannel()) return { settle: () => undefined };
  let settle: (inside: boolean) => void = () => undefined;
  const inside = new Promise<boolean>((resolve) => (settle = resolve));
  const keeperCode = import('./refresh-token-keeper');
  // Awaited below only inside Telegram; a failed load is that call's to report, never an unhandled one.
  keeperCode.catch(() => undefined);
  return {
    findKeeper: async (local) => {
      if (!(await inside)) return null;
      return (await keeperCode).secureRefreshTokenKeeper(local);
    },
    settle: (value) => settle(value),
  };
}
