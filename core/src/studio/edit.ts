import { and, eq, gt } from 'drizzle-orm';
import { DROP_ERRORS, MESSAGES, STUDIO_ERRORS, type StudioPack, type StudioPackUpdate } from '@stickerdrop/shared';
import type { DbOrTx } from '../db/client.js';
import { packs } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { parseDropsAt } from '../create-pack/drop-fields.js';
import { parseDescription, parseTagList } from '../create-pack/pack-fields.js';
import { studioPack, type PackRow } from './studio.js';

const EDITABLE = new Set(['description', 'tags', 'dropsAt']);

/** The creator's own pack, or a refusal: not found when there is no such pack, forbidden when it is someone else's. */
export async function ownPack(db: DbOrTx, creatorId: number, packId: number): Promise<PackRow> {
  const [row] = await db.select().from(packs).where(eq(packs.id, packId));
  if (!row) throw new DomainError('not_found', MESSAGES.packNotFound);
  if (row.creatorId !== creatorId) throw new DomainError('forbidden', STUDIO_ERRORS.notYourPack);
  return row;
}

/**
 * What a creator may change once a pack exists, sales or not: its description and tags; its drop time only
 * while the drop has not opened (buyers may have planned around it, and after it opens it means nothing).
 * Price, supply, royalty and the rest are what collectors paid for, and are refused. `body` is the raw
 * request, so a field the schema does not name is refused rather than ignored.
 */
export async function updateStudioPack(
  db: DbOrTx,
  creatorId: number,
  packId: number,
  body: Record<string, unknown>,
  input: StudioPackUpdate,
  now: Date,
): Promise<StudioPack> {
  if (Object.keys(body).some((key) => !EDITABLE.has(key)))
    throw new DomainError('invalid_input', STUDIO_ERRORS.onlyEditable);
  if (input.description === undefined && input.tags === undefined && input.dropsAt === undefined)
    throw new DomainError('invalid_input', STUDIO_ERRORS.nothingToChange);
  const pack = await ownPack(db, creatorId, packId);
  const changes: Partial<PackRow> = {};
  if (input.description !== undefined) changes.description = parseDescription(input.description);
  if (input.tags !== undefined) changes.tags = parseTagList(input.tags);
  if (input.dropsAt !== undefined) {
    if (pack.dropsAt === null || pack.dropsAt.getTime() <= now.getTime())
      throw new DomainError('drop_open', STUDIO_ERRORS.dropTimeLocked);
    changes.dropsAt = parseDropsAt(input.dropsAt, now);
    if (changes.dropsAt === null) throw new DomainError('invalid_input', DROP_ERRORS.invalidDropsAt);
  }
  // The drop may open between the read and the write: the condition holds the rule in the write itself.
  const stillUpcoming = input.dropsAt === undefined ? undefined : gt(packs.dropsAt, now);
  const [updated] = await db
    .update(packs)
    .set(changes)
    .where(and(eq(packs.id, pack.id), stillUpcoming))
    .returning();
  if (!updated) throw new DomainError('drop_open', STUDIO_ERRORS.dropTimeLocked);
  return studioPack(db, updated, now);
}
