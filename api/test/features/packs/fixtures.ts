import { eq, sql } from 'drizzle-orm';
import { parseTon } from '@stickerdrop/shared';
import { type Database } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';

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
  stickers?: string[];
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
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    })
    .returning({ id: tables.packs.id });
  const stickers = fields.stickers ?? [];
  if (stickers.length) {
    await db.insert(tables.packStickers).values(
      stickers.map((fileKey, position) => ({
        packId: pack!.id,
        position,
        fileKey,
        previewKey: `previews/${fileKey}`,
      })),
    );
  }
  return pack!.id;
}

/** Sells the next edition of a pack to `ownerId` the way fulfilment does: paid order, serial, sold_count. */
export async function sellEdition(
  db: Database,
  packId: number,
  ownerId: number,
  at: Date = new Date(),
): Promise<{ serial: number; priceNano: bigint }> {
  return db.transaction(async (tx) => {
    const [pack] = await tx
      .update(tables.packs)
      .set({ soldCount: sql`${tables.packs.soldCount} + 1` })
      .where(eq(tables.packs.id, packId))
      .returning({ serial: tables.packs.soldCount, priceNano: tables.packs.priceNano });
    const [order] = await tx
      .insert(tables.orders)
      .values({
        userId: ownerId,
        packId,
        status: 'paid',
        paymentMethod: 'demo',
        amountNano: pack!.priceNano,
        expiresAt: at,
        paidAt: at,
        createdAt: at,
      })
      .returning({ id: tables.orders.id });
    await tx.insert(tables.editions).values({
      packId,
      serial: pack!.serial,
      ownerId,
      orderId: order!.id,
      purchasePriceNano: pack!.priceNano,
      createdAt: at,
    });
    return pack!;
  });
}

export const DAY_MS = 24 * 60 * 60 * 1000;
