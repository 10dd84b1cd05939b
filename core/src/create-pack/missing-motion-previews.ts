import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { packStickers, packs } from '../db/schema.js';
import { newPreviewKey } from '../storage/file-urls.js';
import type { MissingPreviewsDeps } from './missing-previews.js';
import { stickersAfter, walkStickers } from './sticker-walk.js';
import { renderMotionPreview } from './motion-preview.js';

const BATCH = 50;
const WEBP = 'image/webp';

/**
 * Moving stickers stored before they had moving previews get one, made from the stored sticker, once, in
 * key order. Safe beside a second process doing the same (a row is updated only while it still lacks one);
 * a file missing from storage or unreadable is logged and skipped. Returns how many it made.
 */
export async function makeMissingMotionPreviews(deps: MissingPreviewsDeps): Promise<number> {
  const lacking = and(ne(packStickers.format, 'static'), isNull(packStickers.motionPreviewKey));
  return walkStickers(
    deps,
    (after) =>
      deps.db
        .select({
          packId: packStickers.packId,
          position: packStickers.position,
          fileKey: packStickers.fileKey,
          format: packStickers.format,
          kind: packs.kind,
        })
        .from(packStickers)
        .innerJoin(packs, eq(packs.id, packStickers.packId))
        .where(and(lacking, stickersAfter(after)))
        .orderBy(asc(packStickers.packId), asc(packStickers.position))
        .limit(BATCH),
    async (row) => {
      const key = await storeMotionPreview(deps, row);
      if (!key) return false;
      await deps.db
        .update(packStickers)
        .set({ motionPreviewKey: key })
        .where(and(eq(packStickers.packId, row.packId), eq(packStickers.position, row.position), lacking));
      return true;
    },
  );
}

async function storeMotionPreview(
  deps: MissingPreviewsDeps,
  sticker: { fileKey: string; format: string; kind: 'stickers' | 'emoji' },
): Promise<string | null> {
  const source = await deps.storage.get(sticker.fileKey);
  if (!source) {
    deps.log?.warn({ key: sticker.fileKey }, 'no moving preview made: the file is missing from storage');
    return null;
  }
  const moving = { format: sticker.format === 'video' ? 'video' : 'animated', bytes: source.bytes } as const;
  try {
    const render = () => renderMotionPreview(moving, sticker.kind);
    const bytes = await (deps.imagePool ? deps.imagePool.run(render, { alwaysWait: true }) : render());
    const key = newPreviewKey();
    await deps.storage.put(key, bytes, WEBP);
    return key;
  } catch (error) {
    deps.log?.warn({ err: error, key: sticker.fileKey }, 'no moving preview made: the file could not be read');
    return null;
  }
}
