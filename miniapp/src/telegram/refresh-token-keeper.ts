import { STORAGE_KEYS } from '@stickerdrop/shared';
import type { RefreshTokenKeeper, StoredValue } from '../api/token-store';
import { clientSupports } from './client-version';
import { telegramSdk, type TelegramSdk } from './sdk';
import { readSecureKey, saveSecureKey } from './secure-storage';

const KEY = STORAGE_KEYS.refreshToken;

/**
 * Inside a Telegram client with secure storage (Mini Apps 9.0) the refresh token lives there, in the
 * device's keychain or keystore, not in local storage where any script on the page can read it. Null (the
 * token stays in local storage, as on the web) on older clients, and on those whose secure storage fails
 * or is missing (desktop clients answer that it is unsupported).
 *
 * A failure never loses the session silently:
 * - a read that fails at start-up keeps local storage for this launch: a token there still works, and
 *   without one the automatic sign-in with Telegram's init data starts a new session;
 * - a save that fails keeps that token in local storage instead, with a warning; the next launch moves it
 *   into secure storage (a token in local storage is always the newer one, written only when a save failed);
 * - within the page the token is held in memory, so the session never waits on the device twice.
 */
export async function secureRefreshTokenKeeper(local: StoredValue): Promise<RefreshTokenKeeper | null> {
  const sdk = telegramSdk();
  if (!sdk || !clientSupports(9, 0)) return null;
  let kept: string | null;
  try {
    kept = await readSecureKey(sdk, KEY);
  } catch (error) {
    console.warn('Telegram secure storage unavailable; the refresh token stays in local storage', error);
    return null;
  }
  const fromLocal = local.get();
  let current = fromLocal ?? kept;
  let saving = Promise.resolve();
  const keep = (token: string | null) => {
    current = token;
    saving = saving.then(() => save(sdk, local, token, () => current === token));
  };
  if (fromLocal) keep(fromLocal);
  return { get: async () => current, set: keep };
}

/** Saves into secure storage, then forgets the local copy; on failure the latest token stays in local storage. */
async function save(sdk: TelegramSdk, local: StoredValue, token: string | null, latest: () => boolean) {
  try {
    await saveSecureKey(sdk, KEY, token);
    if (latest()) local.set(null);
  } catch (error) {
    console.warn('Telegram secure storage failed; the refresh token is kept in local storage', error);
    if (latest()) local.set(token);
  }
}
