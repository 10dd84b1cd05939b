import type { MiddlewareFn } from 'grammy';
import type { BotContext } from '../context.js';

/**
 * Updates of one chat run one after another (webhooks deliver them concurrently), so a conversation
 * never reads its state while an earlier update of the same chat is still writing it.
 */
export function sequentializeByChat(): MiddlewareFn<BotContext> {
  const tails = new Map<number, Promise<void>>();
  return async (ctx, next) => {
    const chatId = ctx.chatId;
    if (chatId === undefined) return next();
    const previous = tails.get(chatId) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    tails.set(chatId, tail);
    await previous;
    try {
      await next();
    } finally {
      release();
      if (tails.get(chatId) === tail) tails.delete(chatId);
    }
  };
}
