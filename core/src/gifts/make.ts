import { and, eq } from 'drizzle-orm';
import { RESALE_ERRORS } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import { assertNotGiftPending, liveHolder, lockEdition } from '../resale/holds.js';
import { listings } from '../resale/tables.js';
import { giftExpiry, gifts, newGiftCode, type GiftRow } from './tables.js';
import { assertPackListed } from '../sales/listed.js';

export interface GiftInput {
  userId: number;
  editionId: number;
  note?: string | undefined;
  hideSender: boolean;
  /** GIFT_CLAIM_DAYS. */
  claimDays: number;
  now: Date;
}

/**
 * Makes an owned edition a pending gift, under the edition's row lock: 404 unknown edition, 403 not the
 * owner, 409 while it waits to be claimed already or a buyer's live reservation holds it. Its active
 * listing closes. The edition stays the sender's until someone claims it (claim.ts).
 */
export async function giftEdition(db: Database, input: GiftInput): Promise<GiftRow> {
  return db.transaction(async (tx) => {
    const edition = await lockEdition(tx, input.editionId);
    if (!edition) throw new DomainError('not_found', RESALE_ERRORS.editionNotFound);
    if (edition.ownerId !== input.userId) throw new DomainError('forbidden', RESALE_ERRORS.notOwner);
    await assertPackListed(tx, edition.packId);
    await assertNotGiftPending(tx, edition.id, input.now);
    if (await liveHolder(tx, edition.id, input.now)) throw new DomainError('edition_held', RESALE_ERRORS.beingBought);
    await tx
      .update(listings)
      .set({ status: 'cancelled', closedAt: input.now, updatedAt: input.now })
      .where(and(eq(listings.editionId, edition.id), eq(listings.status, 'active')));
    // A pending gift past its time that the expiry job has not reached yet makes way for this one.
    await tx
      .update(gifts)
      .set({ status: 'expired', closedAt: input.now })
      .where(and(eq(gifts.editionId, edition.id), eq(gifts.status, 'pending')));
    const [gift] = await tx
      .insert(gifts)
      .values({
        code: newGiftCode(),
        editionId: edition.id,
        packId: edition.packId,
        senderId: input.userId,
        note: input.note ?? '',
        hideSender: input.hideSender,
        status: 'pending',
        claimDays: input.claimDays,
        createdAt: input.now,
        expiresAt: giftExpiry(input.now, input.claimDays),
      })
      .returning();
    return gift!;
  });
}
