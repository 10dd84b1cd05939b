import sharp from 'sharp';
import type { InlineKeyboard } from 'grammy';
import {
  isSoldOut,
  isUpcomingDrop,
  remainingSupply,
  tonAmountIn,
  type PackCard,
  type PackDetail,
} from '@stickerdrop/shared';
import { type FileStorage, fileUrl } from '@stickerdrop/core';
import type { Reader } from '../i18n.js';
import { countIn, escapeHtml, timeIn } from './texts.js';

type PackSummary = Pick<PackCard, 'title' | 'price' | 'maxSupply' | 'soldCount' | 'creator'> &
  Partial<Pick<PackCard, 'dropsAt' | 'maxPerUser' | 'kind' | 'animated'>>;

/** "3 of 100 left · limited edition", or "Sold out" (SPEC §2 and §9). */
export function supplyLine({ t, language }: Reader, pack: Pick<PackCard, 'maxSupply' | 'soldCount'>): string {
  if (isSoldOut(pack)) return t('sold-out');
  return t('supply-left', {
    left: countIn(language, remainingSupply(pack)),
    maxSupply: countIn(language, pack.maxSupply),
  });
}

/**
 * The pack as a message: title, creator, an emoji pack or animated stickers, price in TON and what is left of
 * the edition; for a drop, when it opens (UTC) and the per-collector cap.
 */
export function packCaption(reader: Reader, pack: PackSummary, now: number = Date.now()): string {
  const { t, language } = reader;
  const upcoming = isUpcomingDrop({ dropsAt: pack.dropsAt ?? null }, now);
  return [
    `<b>${escapeHtml(pack.title)}</b>`,
    t('pack-by', { creator: escapeHtml(pack.creator.name) }),
    ...(pack.kind === 'emoji' || pack.animated ? [kindLine(reader, pack)] : []),
    '',
    t('pack-price', { price: tonAmountIn(language, pack.price) }),
    supplyLine(reader, pack),
    ...(upcoming ? [t('drop-opens-at', { at: timeIn(language, pack.dropsAt!) })] : []),
    ...(pack.maxPerUser ? [t('per-user-cap', { max: countIn(language, pack.maxPerUser) })] : []),
  ].join('\n');
}

/** "Custom emoji pack · animated": what a plain static sticker pack need not say. */
function kindLine({ t }: Reader, pack: PackSummary): string {
  const kind = t(pack.kind === 'emoji' ? 'emoji-pack' : 'sticker-pack');
  return pack.animated ? `${kind} · ${t('animated')}` : kind;
}

/**
 * The pack card's buttons: open it in the mini-app, Report it (`report:<id>`, report-pack.ts) and, before
 * its drop opens, Notify me (or Stop, when the viewer is subscribed). Callback data `drop:on:<id>` /
 * `drop:off:<id>` (drop-notify.ts).
 */
export function packCardKeyboard(
  { t }: Reader,
  openPack: InlineKeyboard,
  pack: Pick<PackDetail, 'id' | 'dropsAt' | 'notifying'>,
  now: number = Date.now(),
): InlineKeyboard {
  const card = openPack.text(t('report-pack'), `report:${pack.id}`);
  if (!isUpcomingDrop(pack, now)) return card;
  return card
    .row()
    .text(t(pack.notifying ? 'stop-notifying' : 'notify-me'), `drop:${pack.notifying ? 'off' : 'on'}:${pack.id}`);
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
