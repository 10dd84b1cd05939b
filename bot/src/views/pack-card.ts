import sharp from 'sharp';
import type { InlineKeyboard } from 'grammy';
import {
  CURRENCY,
  DROP_TEXTS,
  MESSAGES,
  isSoldOut,
  isUpcomingDrop,
  remainingSupply,
  type PackCard,
  type PackDetail,
} from '@stickerdrop/shared';
import { type FileStorage, fileUrl } from '@stickerdrop/core';
import { TEXTS, escapeHtml } from './texts.js';

type PackSummary = Pick<PackCard, 'title' | 'price' | 'maxSupply' | 'soldCount' | 'creator'> &
  Partial<Pick<PackCard, 'dropsAt' | 'maxPerUser' | 'kind' | 'animated'>>;

/** "3 of 100 left · limited edition", or "Sold out" (SPEC §2 and §9). */
export function supplyLine(pack: Pick<PackCard, 'maxSupply' | 'soldCount'>): string {
  if (isSoldOut(pack)) return TEXTS.soldOut;
  return `${remainingSupply(pack)} of ${pack.maxSupply} left · ${MESSAGES.limitedEdition}`;
}

/**
 * The pack as a message: title, creator, an emoji pack or animated stickers, price in TON and what is left of the edition; for a drop, when
 * it opens (UTC) and the per-collector cap.
 */
export function packCaption(pack: PackSummary, now: number = Date.now()): string {
  const upcoming = isUpcomingDrop({ dropsAt: pack.dropsAt ?? null }, now);
  return [
    `<b>${escapeHtml(pack.title)}</b>`,
    `by ${escapeHtml(pack.creator.name)}`,
    ...(pack.kind === 'emoji' || pack.animated ? [kindLine(pack)] : []),
    '',
    `Price: ${pack.price} ${CURRENCY}`,
    supplyLine(pack),
    ...(upcoming ? [TEXTS.dropOpensAt(pack.dropsAt!)] : []),
    ...(pack.maxPerUser ? [DROP_TEXTS.perUserCap(pack.maxPerUser)] : []),
  ].join('\n');
}

/** "Custom emoji pack · animated": what a plain static sticker pack need not say. */
function kindLine(pack: PackSummary): string {
  const kind = pack.kind === 'emoji' ? TEXTS.emojiPack : TEXTS.stickerPack;
  return pack.animated ? `${kind} · ${TEXTS.animated}` : kind;
}

/**
 * The pack card's buttons: open it in the mini-app and, before its drop opens, Notify me (or Stop,
 * when the viewer is subscribed). Callback data `drop:on:<id>` / `drop:off:<id>` (drop-notify.ts).
 */
export function packCardKeyboard(
  openPack: InlineKeyboard,
  pack: Pick<PackDetail, 'id' | 'dropsAt' | 'notifying'>,
  now: number = Date.now(),
): InlineKeyboard {
  if (!isUpcomingDrop(pack, now)) return openPack;
  return openPack
    .row()
    .text(pack.notifying ? TEXTS.stopNotifying : TEXTS.notifyMe, `drop:${pack.notifying ? 'off' : 'on'}:${pack.id}`);
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
