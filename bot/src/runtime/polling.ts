import { GrammyError, type Bot } from 'grammy';
import type { BotContext } from '../context.js';
import type { Logger } from '@stickerdrop/core';
import { ALLOWED_UPDATES } from './setup.js';

export interface Polling {
  /** Stops fetching, lets the update in hand finish, confirms what was handled, and resolves. */
  stop(): Promise<void>;
}

const LONG_POLL_SECONDS = 30;
const CONFIRM_TIMEOUT_MS = 3_000;

/**
 * Long polling that never drops an update: the webhook is removed without dropping pending updates,
 * and only handled updates are confirmed (grammY's built-in loop confirms a whole batch on stop, even
 * the updates it had not reached). On stop the rest of the batch stays with Telegram and comes again.
 */
type GrammySignal = Parameters<Bot<BotContext>['api']['getUpdates']>[1];

export function startPolling(bot: Bot<BotContext>, log: Logger): Polling {
  let running = true;
  const abort = new AbortController();
  // grammY types its signal with the abort-controller polyfill; Node's own is what it gets at runtime.
  const signal = abort.signal as GrammySignal;
  let offset = 0;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  const loop = (async () => {
    while (running) {
      try {
        await bot.api.deleteWebhook({ drop_pending_updates: false }, signal);
        break;
      } catch (error) {
        if (!running) return;
        log.error({ err: error }, 'could not switch the bot to long polling; retrying');
        await pause(5_000);
      }
    }
    while (running) {
      let updates;
      try {
        updates = await bot.api.getUpdates(
          { offset, timeout: LONG_POLL_SECONDS, allowed_updates: [...ALLOWED_UPDATES] },
          signal,
        );
      } catch (error) {
        if (!running) break;
        const conflict = error instanceof GrammyError && error.error_code === 409;
        log.error(
          { err: error },
          conflict ? 'another bot instance is polling or a webhook is set' : 'getUpdates failed',
        );
        await pause(conflict ? 10_000 : 3_000);
        continue;
      }
      for (const update of updates) {
        if (!running) break;
        try {
          await bot.handleUpdate(update);
        } catch (error) {
          // The error boundary handles handler errors; this is the last line of defence.
          log.error({ err: error, updateId: update.update_id }, 'update failed outside the error boundary');
        }
        offset = update.update_id + 1;
      }
    }
    if (offset > 0) {
      // Bounded: a Bot API that stopped answering would otherwise hold the graceful stop until its deadline.
      const confirmSignal = AbortSignal.timeout(CONFIRM_TIMEOUT_MS) as GrammySignal;
      await bot.api
        .getUpdates({ offset, limit: 1, timeout: 0 }, confirmSignal)
        .catch((error: unknown) => log.warn({ err: error }, 'could not confirm the last handled update'));
    }
  })();

  return {
    async stop() {
      running = false;
      abort.abort();
      await loop;
    },
  };
}
