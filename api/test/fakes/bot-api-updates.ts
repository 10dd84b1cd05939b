import type http from 'node:http';
import type { Update } from 'grammy/types';
import { TelegramError } from './bot-api-protocol.js';

/**
 * How updates reach the bot in the stand-in: a queue for long polling (getUpdates holds until one arrives
 * or its timeout passes; an offset confirms what came before it) or a webhook, never both at once.
 */
export class FakeUpdates {
  webhook: { url: string; secret_token?: string } | null = null;
  /** True once any deleteWebhook/setWebhook asked Telegram to drop pending updates. */
  droppedPendingUpdates = false;
  private pending: Update[] = [];
  private waiters = new Set<() => void>();
  private nextUpdateId = 1;

  /** Queues an update for getUpdates; update_id is assigned when missing. */
  push(update: Omit<Update, 'update_id'> & { update_id?: number }): Update {
    const full = { ...update, update_id: update.update_id ?? this.nextUpdateId++ } as Update;
    this.nextUpdateId = Math.max(this.nextUpdateId, full.update_id + 1);
    this.pending.push(full);
    this.wakeAll();
    return full;
  }

  /** Updates Telegram still holds: not yet confirmed by a later getUpdates offset. */
  get unconfirmed(): Update[] {
    return [...this.pending];
  }

  /** Ends every held long poll (the server is closing). */
  wakeAll(): void {
    for (const wake of this.waiters) wake();
  }

  /** The answer to a webhook or polling method; undefined for any other method. */
  async answer(
    method: string,
    p: Record<string, unknown>,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<unknown> {
    switch (method) {
      case 'getUpdates':
        return this.getUpdates(p, req, res);
      case 'deleteWebhook':
        if (p.drop_pending_updates === true) this.dropPending();
        this.webhook = null;
        return true;
      case 'setWebhook':
        if (p.drop_pending_updates === true) this.dropPending();
        this.webhook = { url: String(p.url), ...(p.secret_token ? { secret_token: String(p.secret_token) } : {}) };
        return true;
      case 'getWebhookInfo':
        return {
          url: this.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: this.pending.length,
        };
      default:
        return undefined;
    }
  }

  private dropPending(): void {
    this.droppedPendingUpdates = true;
    this.pending = [];
  }

  private async getUpdates(p: Record<string, unknown>, req: http.IncomingMessage, res: http.ServerResponse) {
    if (this.webhook) {
      throw new TelegramError({
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
    }
    const offset = Number(p.offset ?? 0);
    // An offset confirms every update below it: Telegram forgets them.
    if (offset > 0) this.pending = this.pending.filter((update) => update.update_id >= offset);
    const limit = Math.min(Number(p.limit ?? 100) || 100, 100);
    const timeoutMs = Number(p.timeout ?? 0) * 1000;
    const ready = () => this.pending.filter((update) => update.update_id >= offset).slice(0, limit);
    if (ready().length === 0 && timeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        this.waiters.add(done);
        req.on('close', done);
        res.on('close', done);
      });
    }
    return ready();
  }
}
