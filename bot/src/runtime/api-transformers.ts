import type { Api, Transformer } from 'grammy';
import { autoRetry } from '@grammyjs/auto-retry';

/** The signal grammY hands a transformer (typed by its abort-controller polyfill). */
type ApiSignal = Parameters<Transformer>[3];
/** Waits `ms`, or rejects once `signal` aborts. */
export type Sleep = (ms: number, signal?: ApiSignal) => Promise<void>;

export interface ApiTransformerOptions {
  /** Told of every 429 Telegram answers (before the wait), so senders can pause. */
  onRetryAfter?: (seconds: number, chatId: number | undefined) => void;
  /** How a 429's retry_after is waited out; tests pass one that moves their own clock. */
  sleep?: Sleep;
}

/** A longer retry_after is not waited for here: the caller (the outbox reschedules the row) decides. */
const MAX_RETRY_AFTER_SECONDS = 60;
const MAX_RETRIES = 3;

/**
 * A 429 is waited out for its `retry_after` and the call made again (at most three times); auto-retry
 * retries 5xx a few times with backoff. A network error is thrown at once (auto-retry would otherwise
 * retry it forever): the caller — a handler's error boundary, or the outbox, which retries the row later
 * with backoff — decides, so nothing hangs and shutdown stays prompt.
 */
export function installApiTransformers(api: Api, options: ApiTransformerOptions = {}): void {
  // auto-retry sits inside (installed first) and hands every 429 out unwaited (maxDelaySeconds 0).
  api.config.use(autoRetry({ maxRetryAttempts: MAX_RETRIES, maxDelaySeconds: 0, rethrowHttpErrors: true }));
  api.config.use(waitOutRetryAfter(options));
}

/** auto-retry's 429 half, with the wait injectable: its own wait is a setTimeout no test clock moves. */
export function waitOutRetryAfter(options: ApiTransformerOptions = {}): Transformer {
  const sleep = options.sleep ?? abortableSleep;
  return async (prev, method, payload, signal) => {
    for (let retries = 0; ; retries++) {
      const result = await prev(method, payload, signal);
      const seconds = result.ok ? undefined : result.parameters?.retry_after;
      if (seconds === undefined) return result;
      const chatId = (payload as { chat_id?: unknown }).chat_id;
      options.onRetryAfter?.(seconds, typeof chatId === 'number' ? chatId : undefined);
      if (seconds > MAX_RETRY_AFTER_SECONDS || retries === MAX_RETRIES) return result;
      await sleep(seconds * 1000, signal);
    }
  };
}

const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('Request aborted while waiting out retry_after'));
    const abort = () => {
      clearTimeout(timer);
      reject(new Error('Request aborted while waiting out retry_after'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
