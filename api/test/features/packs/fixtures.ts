import { parseTon } from '@stickerdrop/shared';
import { buyPack, type Database, fulfilOrder } from '@stickerdrop/core';
import { demoRail, refreshSearchFacts, tables } from '@stickerdrop/core/testing';

export interface PackFields {
  title?: string;
  description?: string;
  price?: string;
  maxSupply?: number;
  createdAt?: Date;
  category?: string;
  tags?: string[];
  views?: number;
  previewKey?: string | null;
  /** Full sticker keys; each gets the preview `previews/<key>`. */
  stickers?: (string | StickerFields)[];
  kind?: 'stickers' | 'emoji';
}

/** A sticker with what search reads of it. */
export interface StickerFields {
  fileKey: string;
  emoji?: string[];
  keywords?: string[];
  format?: 'static' | 'animated' | 'video';
}

/** A pack of `creatorId` written straight to the database, for suites that test reading. */
export async function insertPack(db: Database, creatorId: number, fields: PackFields = {}): Promise<number> {
  const [pack] = await db
    .insert(tables.packs)
    .values({
      creatorId,
      title: fields.title ?? 'Untitled',
      description: fields.description ?? '',
      category: fields.category ?? 'general',
      tags: fields.tags ?? [],
      priceNano: parseTon(fields.price ?? '1')!,
      maxSupply: fields.maxSupply ?? 100,
      views: fields.views ?? 0,
      previewKey: fields.previewKey === undefined ? 'test/preview.webp' : fields.previewKey,
      kind: fields.kind ?? 'stickers',
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    })
    .returning({ id: tables.packs.id });
  const stickers = (fields.stickers ?? []).map((s) => (typeof s === 'string' ? { fileKey: s } : s));
  if (stickers.length) {
    await db.insert(tables.packStickers).values(
      stickers.map((sticker, position) => ({
        packId: pack!.id,
        position,
        fileKey: sticker.fileKey,
        previewKey: `previews/${sticker.fileKey}`,
        ...(sticker.emoji ? { emoji: sticker.emoji } : {}),
        ...(sticker.keywords ? { keywords: sticker.keywords } : {}),
        ...(sticker.format ? { format: sticker.format } : {}),
      })),
    );
  }
  // As every write of stickers does in production, so search sees this pack as it would a real one.
  await refreshSearchFacts(db, [pack!.id]);
  return pack!.id;
}

/**
 * Sells the next edition of a pack to `ownerId` the way a buyer does, at `at`: a reservation, then the demo
 * rail's payment fulfilled, so the paid order, the serial, sold_count, the mint in the feed and the
 * receipt in the outbox are the real path's.
 */
export async function sellEdition(
  db: Database,
  packId: number,
  ownerId: number,
  at: Date = new Date(),
): Promise<{ serial: number; priceNano: bigint }> {
  const reserved = await buyPack(db, {
    userId: ownerId,
    packId,
    paymentMethod: 'demo',
    railFor: () => demoRail,
    now: at,
  });
  const paid = await fulfilOrder(db, { orderId: reserved.order.id, paymentRef: `demo:${reserved.order.id}`, now: at });
  if (paid.outcome !== 'fulfilled' || paid.order.edition === null) {
    throw new Error(`sellEdition: pack ${packId} to user ${ownerId} was not fulfilled (${paid.outcome})`);
  }
  return { serial: paid.order.edition, priceNano: paid.order.amountNano };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
