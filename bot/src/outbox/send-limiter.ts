/**
 * Paces outgoing messages the way Telegram asks: about 30 messages a second overall and one a second
 * per chat. Slots are spaced evenly (no bursts). A 429 holds its chat for the whole retry_after and
 * every other chat for a few seconds: a long retry_after is a per-chat limit, and the row that met it
 * is rescheduled rather than waited for.
 */
export interface SendLimits {
  perSecond: number;
  perChatIntervalMs: number;
  /** The longest a 429 in one chat holds up the others. */
  maxGlobalPauseSeconds?: number;
}

export const TELEGRAM_LIMITS: SendLimits = { perSecond: 30, perChatIntervalMs: 1000, maxGlobalPauseSeconds: 5 };

export class SendLimiter {
  private nextGlobalAt = 0;
  private nextByChat = new Map<number, number>();
  private pausedUntil = 0;

  constructor(
    private readonly limits: SendLimits = TELEGRAM_LIMITS,
    private readonly clock: () => number = Date.now,
    /** How to wait for a slot; tests pass one that moves their own clock instead. */
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Resolves when a message to `chatId` may go out, and takes that slot; says when the slot began. */
  async acquire(chatId: number): Promise<number> {
    for (;;) {
      const now = this.clock();
      const at = Math.max(this.nextGlobalAt, this.nextByChat.get(chatId) ?? 0, this.pausedUntil);
      if (at <= now) {
        this.nextGlobalAt = now + 1000 / this.limits.perSecond;
        this.nextByChat.set(chatId, now + this.limits.perChatIntervalMs);
        this.forgetIdleChats(now);
        return now;
      }
      await this.sleep(at - now);
    }
  }

  /** Telegram said "retry after" for a message to `chatId`. */
  pause(seconds: number, chatId?: number): void {
    const now = this.clock();
    const globalSeconds = Math.min(seconds, this.limits.maxGlobalPauseSeconds ?? 5);
    this.pausedUntil = Math.max(this.pausedUntil, now + globalSeconds * 1000);
    if (chatId !== undefined) {
      this.nextByChat.set(chatId, Math.max(this.nextByChat.get(chatId) ?? 0, now + seconds * 1000));
    }
  }

  private forgetIdleChats(now: number): void {
    if (this.nextByChat.size < 10_000) return;
    for (const [chatId, at] of this.nextByChat) if (at <= now) this.nextByChat.delete(chatId);
  }
}
