import type { z } from 'zod';
import type { OutboxKindDescriptor, OutboxWorkerName } from './descriptor.js';
import { DROP_OUTBOX_KINDS } from './drops.js';
import { GIFT_OUTBOX_KINDS } from './gifts.js';
import { OFFER_OUTBOX_KINDS } from './offers.js';
import { OPS_OUTBOX_KINDS } from './ops.js';
import { PAYOUT_OUTBOX_KINDS } from './payouts.js';
import { PROFILE_OUTBOX_KINDS } from './profile.js';
import { REFUND_OUTBOX_KINDS } from './refunds.js';
import { RESALE_OUTBOX_KINDS } from './resale.js';
import { SALE_OUTBOX_KINDS } from './sales.js';
import { STICKER_SET_OUTBOX_KINDS } from './sticker-sets.js';

/**
 * Every kind of outbox message, each described once (descriptor.ts) in the file of the feature that writes
 * it. The kinds' names, payload types, dedupe keys (../keys.ts), the payload check of every write and read
 * (../enqueue.ts) and the claim order (../drain.ts) all come from here: a new kind is one more entry in its
 * feature's table, and the bot's types then ask for its delivery.
 */
export const OUTBOX_KINDS = {
  ...SALE_OUTBOX_KINDS,
  ...REFUND_OUTBOX_KINDS,
  ...RESALE_OUTBOX_KINDS,
  ...STICKER_SET_OUTBOX_KINDS,
  ...OFFER_OUTBOX_KINDS,
  ...GIFT_OUTBOX_KINDS,
  ...DROP_OUTBOX_KINDS,
  ...PROFILE_OUTBOX_KINDS,
  ...OPS_OUTBOX_KINDS,
  ...PAYOUT_OUTBOX_KINDS,
} satisfies Record<string, OutboxKindDescriptor<z.ZodType, never[]>>;

type OutboxKinds = typeof OUTBOX_KINDS;
export type OutboxKind = keyof OutboxKinds;
export type OutboxPayloads = { [K in OutboxKind]: z.infer<OutboxKinds[K]['payload']> };
/** Any kind's payload: the type of the outbox's jsonb column. */
export type OutboxPayload = OutboxPayloads[OutboxKind];
/** The parts each kind's dedupe key is made of. */
export type OutboxKeyParts = { [K in OutboxKind]: Parameters<OutboxKinds[K]['key']> };

/** The kinds one worker does: the bot's are those it has a delivery for. */
export type OutboxKindOf<W extends OutboxWorkerName> = {
  [K in OutboxKind]: OutboxKinds[K]['worker'] extends W ? K : never;
}[OutboxKind];
export type BotOutboxKind = OutboxKindOf<'bot'>;

const kinds = Object.keys(OUTBOX_KINDS) as OutboxKind[];

export function outboxKindsOf<W extends OutboxWorkerName>(worker: W): OutboxKindOf<W>[] {
  return kinds.filter((kind) => OUTBOX_KINDS[kind].worker === worker) as OutboxKindOf<W>[];
}

/** Claimed after every personal message that is due (see `audience`). */
export const BULK_OUTBOX_KINDS: readonly OutboxKind[] = kinds.filter((kind) => OUTBOX_KINDS[kind].audience === 'bulk');

export type { OutboxWorkerName } from './descriptor.js';
export * from './drops.js';
export * from './gifts.js';
export * from './offers.js';
export * from './ops.js';
export * from './payouts.js';
export * from './profile.js';
export * from './refunds.js';
export * from './resale.js';
export * from './sales.js';
export * from './sticker-sets.js';
