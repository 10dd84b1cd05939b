import { eq, inArray } from 'drizzle-orm';
import { GIFT_ERRORS } from '@stickerdrop/shared';
import type { Database, Transaction } from '../db/client.js';
import { packs, users } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { outboxMessage } from '../outbox/enqueue.js';
import { outboxKey } from '../outbox/keys.js';
import { publicNameSql } from '../profile/display-name.js';
import { lockEdition } from '../resale/holds.js';
import { moveEdition } from '../resale/move-edition.js';
import { gifts, type GiftRow } from './tables.js';

interface GiftAction {
  code: string;
  userId: number;
  now: Date;
}

/**
 * Claims a pending gift: the claimer owns the edition (a `gift` in its provenance, from the sender to them;
 * how the sender paid stays with it, so a Stars lock travels on), the sender's sticker set goes when it was
 * their last edition of the pack, and both are told. 404 unknown code, 409 its pack removed by the
 * marketplace, 400 the sender's own, 409 claimed already, cancelled or expired. Locks the edition, then reads
 * the pack with a share lock, then locks the gift: two claimers queue on the edition and the second finds it
 * claimed, and a takedown (which locks the pack, then cancels its gifts) waits for a claim or is waited for.
 */
export async function claimGift(db: Database, input: GiftAction): Promise<GiftRow> {
  return db.transaction(async (tx) => {
    const { gift, edition } = await lockGift(tx, input.code, { packListed: true });
    if (gift.senderId === input.userId) throw new DomainError('own_edition', GIFT_ERRORS.ownGift);
    assertOpen(gift, input.now);
    if (!edition || edition.ownerId !== gift.senderId) throw new DomainError('gift_closed', GIFT_ERRORS.closed);
    const [claimed] = await tx
      .update(gifts)
      .set({ status: 'claimed', recipientId: input.userId, closedAt: input.now })
      .where(eq(gifts.id, gift.id))
      .returning();
    const payload = await giftPayload(tx, claimed!, edition);
    await moveEdition(tx, {
      edition,
      to: input.userId,
      type: 'gift',
      priceNano: null,
      at: input.now,
      setRevokeKey: outboxKey.sticker_set_revoke({ claimedGiftId: gift.id }),
      messages: [
        outboxMessage('gift_received', payload, outboxKey.gift_received(gift.id)),
        outboxMessage('gift_claimed', payload, outboxKey.gift_claimed(gift.id)),
      ],
    });
    return claimed!;
  });
}

/** The sender takes a pending gift back: 404 unknown code, 403 someone else's, 409 no longer pending. */
export async function cancelGift(db: Database, input: GiftAction): Promise<void> {
  await db.transaction(async (tx) => {
    const { gift } = await lockGift(tx, input.code);
    if (gift.senderId !== input.userId) throw new DomainError('forbidden', GIFT_ERRORS.notSender);
    assertOpen(gift, input.now);
    await tx.update(gifts).set({ status: 'cancelled', closedAt: input.now }).where(eq(gifts.id, gift.id));
  });
}

/**
 * The gift of `code` and its edition, each row locked (the edition first, as every move does). With
 * `packListed`, a gift of a pack the marketplace removed is refused before the gift's row is locked.
 */
async function lockGift(tx: Transaction, code: string, options: { packListed?: boolean } = {}) {
  const [found] = await tx
    .select({ editionId: gifts.editionId, packId: gifts.packId })
    .from(gifts)
    .where(eq(gifts.code, code));
  if (!found?.editionId) throw new DomainError('not_found', GIFT_ERRORS.notFound);
  const edition = await lockEdition(tx, found.editionId);
  if (options.packListed && !(await packIsListed(tx, found.packId))) {
    throw new DomainError('not_for_sale', GIFT_ERRORS.packRemoved);
  }
  const [gift] = await tx.select().from(gifts).where(eq(gifts.code, code)).for('update');
  return { gift: gift!, edition };
}

/** Read with a share lock, as a trade reads it (see `assertPackListed`). */
async function packIsListed(tx: Transaction, packId: number): Promise<boolean> {
  const [pack] = await tx.select({ status: packs.status }).from(packs).where(eq(packs.id, packId)).for('share');
  return pack?.status === 'listed';
}

function assertOpen(gift: GiftRow, now: Date): void {
  if (gift.status === 'claimed') throw new DomainError('gift_closed', GIFT_ERRORS.claimed);
  if (gift.status !== 'pending' || gift.expiresAt!.getTime() <= now.getTime()) {
    throw new DomainError('gift_closed', GIFT_ERRORS.closed);
  }
}

async function giftPayload(tx: Transaction, gift: GiftRow, edition: { id: number; packId: number; serial: number }) {
  const [pack] = await tx
    .select({ title: packs.title, maxSupply: packs.maxSupply })
    .from(packs)
    .where(eq(packs.id, edition.packId));
  const names = await tx
    .select({ id: users.id, name: publicNameSql(users) })
    .from(users)
    .where(inArray(users.id, [gift.senderId, gift.recipientId!]));
  const nameOf = (id: number) => names.find((person) => person.id === id)?.name ?? '';
  return {
    giftId: gift.id,
    packId: edition.packId,
    title: pack!.title,
    serial: edition.serial,
    maxSupply: pack!.maxSupply,
    editionId: edition.id,
    senderId: gift.senderId,
    recipientId: gift.recipientId!,
    senderName: gift.hideSender ? null : nameOf(gift.senderId),
    recipientName: nameOf(gift.recipientId!),
    note: gift.note,
  };
}
