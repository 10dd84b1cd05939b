import { and, asc, eq, gt, isNotNull, isNull, notLike, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { packStickers, packs } from '../db/schema.js';
import type { Logger } from '../logger.js';
import { PUBLIC_PREFIX, newPreviewKey } from '../storage/file-urls.js';
import type { FileStorage } from '../storage/storage.js';
import type { ImagePool } from './image-pool.js';
import { renderPreview, renderStickerPreview } from './image.js';
import { makeMissingMotionPreviews } from './missing-motion-previews.js';
import { stickersAfter, walkStickers } from './sticker-walk.js';

export interface MissingPreviewsDeps {
  db: Database;
  storage: FileStorage;
  imagePool?: ImagePool;
  log?: Pick<Logger, 'warn'>;
  /** Stops between two previews (the process is stopping). */
  signal?: AbortSignal;
}

const BATCH = 50;
const WEBP = 'image/webp';

/**
 * Packs stored before previews were public files (migration 0010) have a card image outside `previews/` and
 * stickers without a preview: this makes them from the full files, once, walking each table in key order.
 * Safe beside a second process doing the same (each row is updated only while it still lacks its preview).
 * Moving stickers stored before moving previews get theirs (missing-motion-previews.ts). A file missing
 * from storage is logged and skipped. Returns how many previews it made.
 */
export async function makeMissingPreviews(deps: MissingPreviewsDeps): Promise<number> {
  return (await makeCardPreviews(deps)) + (await makeStickerPreviews(deps)) + (await makeMissingMotionPreviews(deps));
}

async function makeCardPreviews(deps: MissingPreviewsDeps): Promise<number> {
  const lacksPreview = or(isNull(packs.previewKey), notLike(packs.previewKey, `${PUBLIC_PREFIX}%`));
  let made = 0;
  for (let after = 0; ;) {
    const rows = await deps.db
      .select({ id: packs.id, coverKey: packs.coverKey })
      .from(packs)
      .where(and(gt(packs.id, after), isNotNull(packs.coverKey), lacksPreview))
      .orderBy(asc(packs.id))
      .limit(BATCH);
    if (rows.length === 0) return made;
    for (const row of rows) {
      if (deps.signal?.aborted) return made;
      const key = await storePreview(deps, row.coverKey!, renderPreview);
      if (!key) continue;
      await deps.db
        .update(packs)
        .set({ previewKey: key })
        .where(and(eq(packs.id, row.id), lacksPreview));
      made++;
    }
    after = rows.at(-1)!.id;
  }
}

async function makeStickerPreviews(deps: MissingPreviewsDeps): Promise<number> {
  const lacking = isNull(packStickers.previewKey);
  return walkStickers(
    deps,
    (after) =>
      deps.db
        .select({ packId: packStickers.packId, position: packStickers.position, fileKey: packStickers.fileKey })
        .from(packStickers)
        .where(and(lacking, stickersAfter(after)))
        .orderBy(asc(packStickers.packId), asc(packStickers.position))
        .limit(BATCH),
    async (row) => {
      const key = await storePreview(deps, row.fileKey, renderStickerPreview);
      if (!key) return false;
      await deps.db
        .update(packStickers)
        .set({ previewKey: key })
        .where(and(eq(packStickers.packId, row.packId), eq(packStickers.position, row.position), lacking));
      return true;
    },
  );
}

/** Renders a preview of the stored file under a new public key; null when the file is gone or unreadable. */
async function storePreview(
  deps: MissingPreviewsDeps,
  sourceKey: string,
  render: (bytes: Buffer) => Promise<Buffer>,
): Promise<string | null> {
  const source = await deps.storage.get(sourceKey);
  if (!source) {
    deps.log?.warn({ key: sourceKey }, 'no preview made: the file is missing from storage');
    return null;
  }
  try {
    const bytes = await (deps.imagePool
      ? deps.imagePool.run(() => render(source.bytes), { alwaysWait: true })
      : render(source.bytes));
    const key = newPreviewKey();
    await deps.storage.put(key, bytes, WEBP);
    return key;
  } catch (error) {
    deps.log?.warn({ err: error, key: sourceKey }, 'no preview made: the file could not be read');
    return null;
  }
}
