import { randomUUID } from 'node:crypto';
import { API_ERRORS, MAX_STICKERS_PER_PACK, MAX_UPLOAD_BYTES, MESSAGES } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { packStickers, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { newPreviewKey } from '../storage/file-urls.js';
import type { FileStorage } from '../storage/storage.js';
import type { ImagePool } from './image-pool.js';
import {
  inspectImage,
  renderPreview,
  renderSticker,
  renderStickerPreview,
  sourceSize,
  type ImageInfo,
  type ImageSource,
} from './image.js';
import { validatePackFields, type PackFieldsInput } from './pack-fields.js';
import { checkPixelBudget } from './upload-limits.js';

export interface CreatePackDeps {
  db: Database;
  storage: FileStorage;
  now?: () => Date;
  /** Where the decoding waits its turn; none: at once (the bot's own process, one image per message). */
  imagePool?: ImagePool;
  /** Pixels of all the images together (UPLOAD_MAX_PIXELS); none: only each image's own limit. */
  maxPixelsPerRequest?: number;
}

export interface CreatePackInput extends PackFieldsInput {
  /** The stickers in order; the first is the cover. */
  images: ImageSource[];
}

export interface CreatePackOptions {
  /** The bot accepts WEBP (Telegram's own sticker format); the web form does not. */
  acceptWebp?: boolean;
}

const WEBP = 'image/webp';
/** Full stickers: served only through signed links (storage/file-urls.ts). */
const newStickerKey = () => `packs/${randomUUID()}.webp`;

interface StoredFile {
  key: string;
  bytes: Buffer;
}

/**
 * Validates a new pack in SPEC §5 order (image, title, price, then our limits), re-encodes every image
 * and inserts the pack with its stickers in one transaction. Throws a DomainError naming what is wrong;
 * nothing is inserted unless every image was processed, and nothing stays stored unless the pack was
 * inserted. Returns the new pack's id.
 */
export async function createPack(
  deps: CreatePackDeps,
  creatorId: number,
  input: CreatePackInput,
  options: CreatePackOptions = {},
): Promise<number> {
  const images = input.images.filter((image) => sourceSize(image) > 0);
  if (images.length === 0) throw new DomainError('invalid_input', MESSAGES.imageRequired);
  if (images.length > MAX_STICKERS_PER_PACK) throw new DomainError('invalid_input', API_ERRORS.tooManyFiles);
  const infos: ImageInfo[] = [];
  for (const image of images) {
    if (sourceSize(image) > MAX_UPLOAD_BYTES) throw new DomainError('file_too_large', MESSAGES.fileTooLarge);
    infos.push(await inspectImage(image, { acceptWebp: options.acceptWebp }));
  }
  checkPixelBudget(infos, deps.maxPixelsPerRequest);
  const fields = validatePackFields(
    input,
    { type: `image/${infos[0]!.type}`, size: sourceSize(images[0]!) },
    deps.now?.() ?? new Date(),
  );

  const render = () => renderFiles(images);
  const { stickers, previews, card } = await (deps.imagePool ? deps.imagePool.run(render) : render());

  const files = [...stickers, ...previews, card];
  try {
    await Promise.all(files.map((file) => deps.storage.put(file.key, file.bytes, WEBP)));
    return await deps.db.transaction(async (tx) => {
      const [pack] = await tx
        .insert(packs)
        .values({
          creatorId,
          ...fields,
          coverKey: stickers[0]!.key,
          previewKey: card.key,
          ...(deps.now ? { createdAt: deps.now() } : {}),
        })
        .returning({ id: packs.id });
      await tx.insert(packStickers).values(
        stickers.map((sticker, i) => ({
          packId: pack!.id,
          position: i + 1,
          fileKey: sticker.key,
          previewKey: previews[i]!.key,
        })),
      );
      return pack!.id;
    });
  } catch (error) {
    // Files no row points at would be kept (and paid for) forever.
    await Promise.allSettled(files.map((file) => deps.storage.delete(file.key)));
    throw error;
  }
}

/** One image at a time: a pack of fifty must not hold fifty decoded bitmaps at once. */
async function renderFiles(images: ImageSource[]) {
  const stickers: StoredFile[] = [];
  const previews: StoredFile[] = [];
  for (const image of images) {
    const bytes = await renderSticker(image);
    stickers.push({ key: newStickerKey(), bytes });
    previews.push({ key: newPreviewKey(), bytes: await renderStickerPreview(bytes) });
  }
  const card: StoredFile = { key: newPreviewKey(), bytes: await renderPreview(images[0]!) };
  return { stickers, previews, card };
}
