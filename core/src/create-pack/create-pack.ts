import { randomUUID } from 'node:crypto';
import { API_ERRORS, MAX_STICKERS_PER_PACK, MAX_UPLOAD_BYTES, MESSAGES } from '@stickerdrop/shared';
import type { Database } from '../db/client.js';
import { packStickers, packs } from '../db/schema.js';
import { DomainError } from '../errors.js';
import type { FileStorage } from '../storage/storage.js';
import { inspectImage, renderPreview, renderSticker, type ImageInfo } from './image.js';
import { validatePackFields, type PackFieldsInput } from './pack-fields.js';

export interface CreatePackDeps {
  db: Database;
  storage: FileStorage;
  now?: () => Date;
}

export interface CreatePackInput extends PackFieldsInput {
  /** The stickers in order; the first is the cover. */
  images: Buffer[];
}

export interface CreatePackOptions {
  /** The bot accepts WEBP (Telegram's own sticker format); the web form does not. */
  acceptWebp?: boolean;
}

const WEBP = 'image/webp';
const newKey = () => `packs/${randomUUID()}.webp`;

/**
 * Validates a new pack in SPEC §5 order (image, title, price, then our limits), re-encodes every image
 * and inserts the pack with its stickers in one transaction. Throws a DomainError naming what is wrong;
 * nothing is inserted unless every image was processed. Returns the new pack's id.
 */
export async function createPack(
  deps: CreatePackDeps,
  creatorId: number,
  input: CreatePackInput,
  options: CreatePackOptions = {},
): Promise<number> {
  const images = input.images.filter((image) => image.length > 0);
  if (images.length === 0) throw new DomainError('invalid_input', MESSAGES.imageRequired);
  if (images.length > MAX_STICKERS_PER_PACK) throw new DomainError('invalid_input', API_ERRORS.tooManyFiles);
  const infos: ImageInfo[] = [];
  for (const image of images) {
    if (image.length > MAX_UPLOAD_BYTES) throw new DomainError('file_too_large', MESSAGES.fileTooLarge);
    infos.push(await inspectImage(image, { acceptWebp: options.acceptWebp }));
  }
  const fields = validatePackFields(
    input,
    { type: `image/${infos[0]!.type}`, size: images[0]!.length },
    deps.now?.() ?? new Date(),
  );

  // One image at a time: a pack of fifty must not hold fifty decoded bitmaps at once.
  const stickers: Buffer[] = [];
  for (const image of images) stickers.push(await renderSticker(image));
  const preview = await renderPreview(images[0]!);

  const stickerKeys = stickers.map(newKey);
  const previewKey = newKey();
  await Promise.all([
    ...stickers.map((bytes, i) => deps.storage.put(stickerKeys[i]!, bytes, WEBP)),
    deps.storage.put(previewKey, preview, WEBP),
  ]);

  return deps.db.transaction(async (tx) => {
    const [pack] = await tx
      .insert(packs)
      .values({
        creatorId,
        ...fields,
        coverKey: stickerKeys[0]!,
        previewKey,
        ...(deps.now ? { createdAt: deps.now() } : {}),
      })
      .returning({ id: packs.id });
    await tx
      .insert(packStickers)
      .values(stickerKeys.map((fileKey, i) => ({ packId: pack!.id, position: i + 1, fileKey })));
    return pack!.id;
  });
}
