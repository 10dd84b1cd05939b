import type { MiddlewareFn } from 'grammy';
import { handledUpdates, periodic, readUpdateStanding, type Database, type Job, type Logger } from '@stickerdrop/core';
import type { BotContext } from '../context.js';
import { keepStanding } from './update-standing.js';

/** A repeat comes within seconds or minutes (a restart, a webhook retry); a day is plenty. */
export const HANDLED_UPDATES_KEPT_MS = 24 * 60 * 60_000;

/**
 * Each Telegram update acts once. Telegram delivers an update again when it did not learn the first
 * delivery was handled (the process died before confirming the polling offset, a webhook answer was
 * lost), and a repeated `/start` would welcome twice, a repeated answer advance a conversation twice.
 * The update's id is written to `telegram_updates` once it is handled, in the same database every bot
 * process shares, and an update already there is dropped.
 *
 * Runs after `sequentializeByChat`, so a repeat of the same chat waits for the first to be recorded.
 * Recorded after handling, not before: a process killed in the middle of an update has it handled again
 * when Telegram resends it, rather than lost. A handler that failed is recorded too (the user was told).
 * Cost: one read per update, which also answers whether the sender is banned and their language (kept
 * for the middleware after this one), and one insert.
 */
export function handleEachUpdateOnce(db: Database, now: () => Date): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const updateId = ctx.update.update_id;
    const standing = await readUpdateStanding(db, updateId, ctx.from?.id ?? null);
    if (standing.handled) {
      ctx.services.log.info({ updateId }, 'repeated update skipped');
      return;
    }
    keepStanding(ctx, standing);
    try {
      await next();
    } finally {
      await handledUpdates.record(db, updateId, now());
    }
  };
}

/** Forgets updates handled over a day ago (an indexed range delete). */
export async function pruneHandledUpdates(db: Database, now: Date): Promise<void> {
  await handledUpdates.forgetBefore(db, new Date(now.getTime() - HANDLED_UPDATES_KEPT_MS));
}

/** How often the bot forgets old update ids: hourly keeps the table about a day of updates long. */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Prunes at start and then hourly; a failed prune waits for the next (a warning: nothing is lost). */
export function handledUpdatesPruner(db: Database, now: () => Date, log: Logger): Job {
  return periodic({
    name: 'handled updates prune',
    every: PRUNE_EVERY_MS,
    immediately: true,
    log,
    run: () =>
      pruneHandledUpdates(db, now()).catch((error: unknown) =>
        log.warn({ err: error }, 'could not prune handled Telegram updates'),
      ),
  });
}
