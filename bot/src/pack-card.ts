import sharp from 'sharp';
import { CURRENCY, MESSAGES, isSoldOut, remainingSupply, type PackCard } from '@stickerdrop/shared';
import { type FileStorage, fileUrl } from '@stickerdrop/core';
import { TEXTS, escapeHtml } from './texts.js';

type PackSummary = Pick<PackCard, 'title' | 'price' | 'maxSupply' | 'soldCount' | 'creator'>;

/** "3 of 100 left · limited edition", or "Sold out" (SPEC §2 and §9). */
export function supplyLine(pack: Pick<PackCard, 'maxSupply' | 'soldCount'>): string {
  if (isSoldOut(pack)) return TEXTS.soldOut;
  return `${remainingSupply(pack)} of ${pack.maxSupply} left · ${MESSAGES.limitedEdition}`;
}

/** The pack as a message: title, creator, price in TON and what is left of the edition. */
export function packCaption(pack: PackSummary): string {
  return [
    `<b>${escapeHtml(pack.title)}</b>`,
    `by ${escapeHtml(pack.creator.name)}`,
    '',
    `Price: ${pack.price} ${CURRENCY}`,
    supplyLine(pack),
  ].join('\n');
}

/**
 * The pack's preview as a JPEG for sendPhoto (previews are stored as WEBP with transparency, which
 * photos do not have). Null when the pack has no preview or its file is gone.
 */
export async function previewPhoto(storage: FileStorage, previewUrl: string | null): Promise<Buffer | null> {
  const key = storageKey(previewUrl);
  const file = key ? await storage.get(key) : null;
  if (!file) return null;
  return sharp(file.bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
}

/** The storage key behind a `/files/<key>` URL (the inverse of fileUrl). */
function storageKey(url: string | null): string | null {
  const prefix = fileUrl('x')!.slice(0, -1);
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return fileUrl(key) === url ? key : null;
}
