import { randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  cardImageVariant,
  controlCharactersIn,
  hasControlCharacters,
  MAX_STICKERS_PER_PACK,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  parsePackKind,
  parseStickerEmoji,
  parseStickerKeywords,
  type PackKind,
} from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { packStickers, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';
import { refreshSearchFacts } from '../packs/search-facts.js';
import { newPreviewKey } from '../storage/file-urls.js';
import { contentTypeOfKey, type FileStorage } from '../storage/storage.js';
import type { ImagePool } from './image-pool.js';
import { renderCardImages, renderStickerPreview, sourceSize, type ImageSource } from './image.js';
import { readSource } from './media-tools.js';
import { validatePackFields, type PackFieldsInput } from './pack-fields.js';
import { renderStickerFile, type StickerFile } from './sticker-file.js';
import { checkPixelBudget } from './upload-limits.js';
import { extensionOf, inspectUpload, type UploadInfo } from './upload.js';

export interface CreatePackDeps {
  db: Database;
  storage: FileStorage;
  now?: () => Date;
  /** Where the conversion waits its turn; none: at once (the bot's own process, one pack per conversation). */
  imagePool?: ImagePool;
  /** Pixels of all the images together (UPLOAD_MAX_PIXELS); none: only each image's own limit. */
  maxPixelsPerRequest?: number;
}

export interface CreatePackInput extends PackFieldsInput {
  /** The stickers in order, in any accepted format (upload.ts); the first is the cover. */
  images: ImageSource[];
  /** `stickers` (default) or `emoji`, a custom emoji pack. */
  kind?: string | undefined;
  /** One list of 1–20 emoji per image, in order: JSON text (the form) or lists (the bot); absent: the default. */
  emoji?: string | string[][] | undefined;
  /** One list of keywords per image, in order; absent: none. */
  keywords?: string | string[][] | undefined;
}

/** Full stickers and originals: served only through signed links (storage/file-urls.ts). */
const newStickerKey = (extension: string) => `packs/${randomUUID()}.${extension}`;
const newOriginalKey = (extension: string) => `originals/${randomUUID()}.${extension}`;

interface StoredFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

const stored = (key: string, bytes: Buffer): StoredFile => ({ key, bytes, contentType: contentTypeOfKey(key) });

interface StickerMeta {
  kind: PackKind;
  emoji: string[][];
  keywords: string[][];
}

/**
 * Validates a new pack in SPEC §5 order (image, title, price, then our limits and the stickers' emoji),
 * converts every upload into the sticker Telegram takes (sticker-file.ts) and inserts the pack with its
 * stickers in one transaction. Throws a DomainError naming what is wrong; nothing is inserted unless every
 * upload was converted, and nothing stays stored unless the pack was inserted. Returns the new pack's id.
 */
export async function createPack(deps: CreatePackDeps, creatorId: number, input: CreatePackInput): Promise<number> {
  const images = input.images.filter((image) => sourceSize(image) > 0);
  if (images.length === 0) throw new DomainError('invalid_input', MESSAGES.imageRequired);
  if (images.length > MAX_STICKERS_PER_PACK) throw new DomainError('invalid_input', API_ERRORS.tooManyFiles);
  const infos: UploadInfo[] = [];
  for (const image of images) {
    if (sourceSize(image) > MAX_UPLOAD_BYTES) throw new DomainError('file_too_large', MESSAGES.fileTooLarge);
    infos.push(await inspectUpload(image));
  }
  checkPixelBudget(infos, deps.maxPixelsPerRequest);
  const fields = validatePackFields(
    input,
    { type: `image/${infos[0]!.type}`, size: sourceSize(images[0]!) },
    deps.now?.() ?? new Date(),
  );
  const meta = parseStickerMeta(input, images.length);

  const render = () => renderFiles(images, infos, meta.kind);
  const { stickers, previews, motionPreviews, originals, cardKey, cardImages } = await (deps.imagePool
    ? deps.imagePool.run(render)
    : render());

  const moving = motionPreviews.filter((file): file is StoredFile => file !== null);
  const files = [...stickers, ...previews, ...moving, ...originals, ...cardImages];
  try {
    await Promise.all(files.map((file) => deps.storage.put(file.key, file.bytes, file.contentType)));
    return await deps.db.transaction(async (tx) => {
      const [pack] = await tx
        .insert(packs)
        .values({
          creatorId,
          ...fields,
          kind: meta.kind,
          animated: stickers.some((sticker) => sticker.format !== 'static'),
          coverKey: stickers[0]!.key,
          previewKey: cardKey,
          ...(deps.now ? { createdAt: deps.now() } : {}),
        })
        .returning({ id: packs.id });
      await tx.insert(packStickers).values(
        stickers.map((sticker, i) => ({
          packId: pack!.id,
          position: i + 1,
          fileKey: sticker.key,
          previewKey: previews[i]!.key,
          motionPreviewKey: motionPreviews[i]?.key ?? null,
          format: sticker.format,
          emoji: meta.emoji[i]!,
          keywords: meta.keywords[i]!,
          originalKey: originals[i]!.key,
        })),
      );
      await refreshSearchFacts(tx, [pack!.id]);
      return pack!.id;
    });
  } catch (error) {
    // Files no row points at would be kept (and paid for) forever.
    await Promise.allSettled(files.map((file) => deps.storage.delete(file.key)));
    throw error;
  }
}

function parseStickerMeta(input: CreatePackInput, count: number): StickerMeta {
  const kind = parsePackKind(input.kind);
  if (!kind) throw new DomainError('invalid_input', API_ERRORS.invalidKind);
  const emoji = parseStickerEmoji(input.emoji, count);
  if (!emoji) throw new DomainError('invalid_input', API_ERRORS.invalidEmoji);
  const keywords = parseStickerKeywords(input.keywords, count);
  if (!keywords) throw new DomainError('invalid_input', API_ERRORS.invalidKeywords);
  // Keywords are free text as titles are: refused here, before any upload is converted, not by the database.
  if (keywords.flat().some(hasControlCharacters))
    throw new DomainError('invalid_input', controlCharactersIn('Keywords'));
  return { kind, emoji, keywords };
}

/** One upload at a time: a pack of fifty must not hold fifty decoded bitmaps or encoders at once. */
async function renderFiles(images: ImageSource[], infos: UploadInfo[], kind: PackKind) {
  const stickers: (StoredFile & { format: StickerFile['format'] })[] = [];
  const previews: StoredFile[] = [];
  const motionPreviews: (StoredFile | null)[] = [];
  const originals: StoredFile[] = [];
  let cardStill: Buffer | undefined;
  for (const [i, image] of images.entries()) {
    const file = await renderStickerFile(image, infos[i]!, kind);
    stickers.push({ ...stored(newStickerKey(file.extension), file.bytes), format: file.format });
    previews.push(stored(newPreviewKey(), await renderStickerPreview(file.still)));
    motionPreviews.push(file.motion ? stored(newPreviewKey(), file.motion) : null);
    originals.push(stored(newOriginalKey(extensionOf(infos[i]!.type)), await readSource(image)));
    cardStill ??= file.still;
  }
  // The card's key names the PREVIEW_SIZE_PX image; its other widths are stored beside it.
  const cardKey = newPreviewKey();
  const cardImages = (await renderCardImages(cardStill!)).map((image) =>
    stored(cardImageVariant(cardKey, image.width), image.bytes),
  );
  return { stickers, previews, motionPreviews, originals, cardKey, cardImages };
}
