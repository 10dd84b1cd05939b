import type { Api, Transformer } from 'grammy';
import { autoRetry } from '@grammyjs/auto-retry';

export interface ApiTransformerOptions {
  /** Told of every 429 Telegram answers (before auto-retry waits), so senders can pause. */
  onRetryAfter?: (seconds: number, chatId: number | undefined) => void;
}

/**
 * auto-retry waits out 429 `retry_after` (up to a minute) and retries 5xx a few times. A network error
 * is thrown at once (auto-retry would otherwise retry it forever): the caller — a handler's error
 * boundary, or the outbox, which retries the row later with backoff — decides, so nothing hangs and
 * shutdown stays prompt.
 */
export function installApiTransformers(api: Api, options: ApiTransformerOptions = {}): void {
  if (options.onRetryAfter) api.config.use(observeRetryAfter(options.onRetryAfter));
  // Installed last, so it wraps the observer and the observer sees each attempt's answer.
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true }));
}

function observeRetryAfter(onRetryAfter: NonNullable<ApiTransformerOptions['onRetryAfter']>): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (!result.ok && result.error_code === 429 && result.parameters?.retry_after) {
      const chatId = (payload as { chat_id?: unknown }).chat_id;
      onRetryAfter(result.parameters.retry_after, typeof chatId === 'number' ? chatId : undefined);
    }
    return result;
  };
}
