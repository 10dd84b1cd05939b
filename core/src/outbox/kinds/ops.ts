import { z } from 'zod';
import { REMOVAL_REASONS } from '@stickerdrop/shared';
import { outboxKind } from './descriptor.js';

/**
 * The marketplace took a pack down: its creator, each owner of an edition and each bidder whose offer it
 * closed is told why. `refunded`: the purchases are being refunded (a copyright takedown).
 */
export const PackRemovedPayload = z.object({
  userId: z.number(),
  packId: z.number(),
  title: z.string(),
  reason: z.enum(REMOVAL_REASONS),
  role: z.enum(['creator', 'owner', 'bidder']),
  refunded: z.boolean(),
});
export type PackRemovedPayload = z.infer<typeof PackRemovedPayload>;

/** What the operator's desk tells people. */
export const OPS_OUTBOX_KINDS = {
  /** Once per person and takedown (`at`: when the pack was taken down), however many editions they hold. */
  pack_removed: outboxKind({
    payload: PackRemovedPayload,
    key: (packId: number, at: Date, userId: number) => `pack-removed:${packId}:${at.getTime()}:${userId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
