import { OUTBOX_KINDS, type OutboxKeyParts, type OutboxKind } from './kinds/index.js';

declare const keyKind: unique symbol;
/** A dedupe key, made only by `outboxKey`: writing the same key twice keeps the first row. */
export type OutboxKey<K extends OutboxKind> = string & { readonly [keyKind]: K };

type KeyMakers = { [K in OutboxKind]: (...parts: OutboxKeyParts[K]) => OutboxKey<K> };

/**
 * Every kind's dedupe key, as its descriptor builds it: the writers and the readers that look a row up by
 * key (the Stars refund taken over by the bot) use the same function.
 */
export const outboxKey = Object.fromEntries(
  Object.entries(OUTBOX_KINDS).map(([kind, descriptor]) => [kind, descriptor.key]),
) as KeyMakers;
