import type { Api } from 'grammy';
import type { Database, FileStorage } from '@stickerdrop/core';

export interface DeliveryDeps {
  api: Api;
  db: Database;
  storage: FileStorage;
  botUsername: string;
  /** The mini-app's address (PUBLIC_URL), which a chat's menu button opens. */
  publicUrl: string;
  now: () => Date;
  /** Waits for this chat's turn under Telegram's limits; called right before each message. */
  acquire(chatId: number): Promise<void>;
}

/** A job that can never succeed (its pack is gone, a payload is broken): no point retrying. */
export class PermanentDeliveryError extends Error {}
