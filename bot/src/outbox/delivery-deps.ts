import type { Api } from 'grammy';
import type { BotOutboxKind, Database, FileStorage, OutboxPayloads } from '@stickerdrop/core';

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

/**
 * How the bot sends one kind of outbox message (core describes the rest of the kind): `to` is the user
 * whose chat it goes to (a chat's rows are sent in order, one at a time), `send` reads it in their language
 * and sends it.
 */
export interface Delivery<K extends BotOutboxKind> {
  to(payload: OutboxPayloads[K]): number;
  send(payload: OutboxPayloads[K], to: number, deps: DeliveryDeps): Promise<void>;
}

/** The deliveries of some kinds, one each. */
export type Deliveries<K extends BotOutboxKind> = { [P in K]: Delivery<P> };

/** A job that can never succeed (its pack is gone, a payload is broken): no point retrying. */
export class PermanentDeliveryError extends Error {}
