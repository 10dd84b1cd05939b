import type { PackKind, StickerFormat } from '@stickerdrop/shared';
import { renderSticker, type ImageSource } from './image.js';
import { fileBudget, readSource } from './media-tools.js';
import { tgsStillAndMotion, videoMotion } from './motion-preview.js';
import { readTgs } from './tgs.js';
import { inspectUpload, type UploadInfo } from './upload.js';
import { checkVideoLength, renderVideoSticker, type VideoType } from './video.js';

export interface StickerFile {
  format: StickerFormat;
  /** The file Telegram takes for this format. */
  bytes: Buffer;
  extension: 'webp' | 'tgs' | 'webm';
  /** The first frame, an image sharp reads, for the public preview and the card. */
  still: Buffer;
  /** A moving sticker's public moving preview (motion-preview.ts); null for a static one. */
  motion: Buffer | null;
}

/**
 * One upload as Telegram takes it: an image becomes a WEBP, a TGS is checked and kept as it is, an
 * animated GIF, MP4 or WEBM is encoded to a VP9 WEBM; a moving one also gets its moving preview. Called inside the upload pool; the heavy work
 * (sharp's threads, ffmpeg and the Lottie renderer as child processes) never runs on the event loop. The
 * file's tool calls share one budget (media-tools.ts), so a hostile file holds its slot a bounded time.
 */
export async function renderStickerFile(source: ImageSource, info: UploadInfo, kind: PackKind): Promise<StickerFile> {
  switch (info.format) {
    case 'static': {
      const bytes = await renderSticker(source, kind);
      return { format: 'static', bytes, extension: 'webp', still: bytes, motion: null };
    }
    case 'animated': {
      const bytes = await readSource(source);
      const { still, motion } = await tgsStillAndMotion(await readTgs(bytes, kind), fileBudget());
      return { format: 'animated', bytes, extension: 'tgs', still, motion };
    }
    case 'video': {
      const budget = fileBudget();
      const { bytes, still } = await renderVideoSticker(source, info.type as VideoType, kind, budget);
      return { format: 'video', bytes, extension: 'webm', still, motion: await videoMotion(bytes, budget) };
    }
  }
}

/**
 * Every rule that can be told without converting, for the bot to answer each file as it arrives: the
 * type and header (inspectUpload), a TGS's size, canvas, frame rate and length, a video's length. What only
 * the conversion can tell (a video that never fits 256 KB) is told when the pack is made.
 */
export async function checkStickerUpload(source: ImageSource, kind: PackKind): Promise<UploadInfo> {
  const info = await inspectUpload(source);
  if (info.format === 'animated') await readTgs(await readSource(source), kind);
  if (info.format === 'video') await checkVideoLength(source, info.type as VideoType);
  return info;
}
