import { and, eq, gt, or } from 'drizzle-orm';
import { packStickers } from '../db/schema.js';

/** A sticker's key in `pack_stickers`: the backfills walk in this order. */
export interface StickerKey {
  packId: number;
  position: number;
}

/** The stickers after `after` in key order. */
export const stickersAfter = (after: StickerKey) =>
  or(
    gt(packStickers.packId, after.packId),
    and(eq(packStickers.packId, after.packId), gt(packStickers.position, after.position)),
  );

/**
 * Walks the stickers a backfill lacks, a page at a time in key order (`page` reads the page after a key),
 * until none is left or the process stops; `make` says whether it made one. Returns how many it made.
 * A sticker it could not make is passed over, so the walk ends.
 */
export async function walkStickers<Row extends StickerKey>(
  deps: { signal?: AbortSignal },
  page: (after: StickerKey) => Promise<Row[]>,
  make: (row: Row) => Promise<boolean>,
): Promise<number> {
  let made = 0;
  for (let after: StickerKey = { packId: 0, position: 0 }; ;) {
    const rows = await page(after);
    if (rows.length === 0) return made;
    for (const row of rows) {
      if (deps.signal?.aborted) return made;
      if (await make(row)) made++;
    }
    after = rows.at(-1)!;
  }
}
