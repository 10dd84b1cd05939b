import type { TelegramSdk } from './sdk';

/** The device's secure storage answers at once; a client that stays silent counts as failed. */
const ANSWER_TIMEOUT_MS = 5_000;

/**
 * One call to the device's secure storage (Mini Apps 9.0), answered by the event that carries the same
 * request id: `secure_storage_failed` becomes an error, a value read comes back, else null.
 */
async function call(
  sdk: TelegramSdk,
  method: 'web_app_secure_storage_get_key' | 'web_app_secure_storage_save_key',
  params: { key: string } | { key: string; value: string | null },
): Promise<string | null> {
  const reqId = sdk.createRequestId();
  let answered = '';
  const payload = await sdk.request(
    method,
    ['secure_storage_key_received', 'secure_storage_key_saved', 'secure_storage_failed'],
    {
      params: { req_id: reqId, ...params },
      capture: ({ event, payload }) => {
        if (payload.req_id !== reqId) return false;
        answered = event;
        return true;
      },
      timeout: ANSWER_TIMEOUT_MS,
    },
  );
  if (answered === 'secure_storage_failed') {
    // Unsupported on this device, locked, full: the caller falls back to local storage either way.
    throw new Error(`Telegram's secure storage failed: ${(payload as { error?: string }).error ?? 'no reason given'}`);
  }
  return answered === 'secure_storage_key_received' ? ((payload as { value?: string | null }).value ?? null) : null;
}

/** The value kept under `key` on this device, null when there is none. */
export function readSecureKey(sdk: TelegramSdk, key: string): Promise<string | null> {
  return call(sdk, 'web_app_secure_storage_get_key', { key });
}

/** Keeps `value` under `key` on this device; null removes the key. */
export async function saveSecureKey(sdk: TelegramSdk, key: string, value: string | null): Promise<void> {
  await call(sdk, 'web_app_secure_storage_save_key', { key, value });
}
