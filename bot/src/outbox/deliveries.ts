import { readOutboxPayload, type BotOutboxKind, type OutboxRow } from '@stickerdrop/core';
import { PermanentDeliveryError, type Deliveries, type Delivery, type DeliveryDeps } from './delivery-deps.js';
import { dropDeliveries } from './drop-deliveries.js';
import { giftDeliveries } from './gift-deliveries.js';
import { offerDeliveries } from './offer-deliveries.js';
import { opsDeliveries } from './ops-deliveries.js';
import { payoutDeliveries } from './payout-deliveries.js';
import { profileDeliveries } from './profile-deliveries.js';
import { refundDeliveries } from './refund-deliveries.js';
import { resaleDeliveries } from './resale-deliveries.js';
import { saleDeliveries } from './sale-deliveries.js';
import { stickerSetDeliveries } from './sticker-set.js';

/**
 * How the bot sends each kind of outbox message core gives it, one delivery per kind, kept beside the
 * kinds of its feature: the type asks for exactly one delivery of every kind whose worker is the bot.
 */
const DELIVERIES: Deliveries<BotOutboxKind> = {
  ...saleDeliveries,
  ...refundDeliveries,
  ...resaleDeliveries,
  ...stickerSetDeliveries,
  ...offerDeliveries,
  ...giftDeliveries,
  ...dropDeliveries,
  ...profileDeliveries,
  ...opsDeliveries,
  ...payoutDeliveries,
};

/** The outbox kinds the bot sends; others (refund_required) belong to other workers. */
export const BOT_OUTBOX_KINDS = Object.keys(DELIVERIES) as BotOutboxKind[];

const isSentByBot = (kind: string): kind is BotOutboxKind => Object.hasOwn(DELIVERIES, kind);

function botKindOf(row: OutboxRow): BotOutboxKind {
  if (!isSentByBot(row.kind)) throw new PermanentDeliveryError(`The bot does not send outbox kind ${row.kind}`);
  return row.kind;
}

/** The chat a row's message goes to; rows of one chat are sent in order, one at a time. */
export function recipientOf(row: OutboxRow): number {
  return recipientAs(row, botKindOf(row));
}

function recipientAs<K extends BotOutboxKind>(row: OutboxRow, kind: K): number {
  const delivery: Delivery<K> = DELIVERIES[kind];
  return delivery.to(readOutboxPayload(row, kind));
}

/** Sends one row. Throws what went wrong; the worker decides between retry and giving up. */
export async function deliver(row: OutboxRow, deps: DeliveryDeps): Promise<void> {
  await deliverAs(row, botKindOf(row), deps);
}

async function deliverAs<K extends BotOutboxKind>(row: OutboxRow, kind: K, deps: DeliveryDeps): Promise<void> {
  const delivery: Delivery<K> = DELIVERIES[kind];
  const payload = readOutboxPayload(row, kind);
  await delivery.send(payload, delivery.to(payload), deps);
}
