import { GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { InputSticker } from 'grammy/types';
import {
  addStickersUrl,
  findPackAccess,
  loadPackArchive,
  findStickerSet,
  markStickerSetComplete,
  recordStickerSet,
  type StickerSetDeliveryPayload,
  stickerSetName,
} from '@stickerdrop/core';
import { TEXTS } from '../texts.js';
import { PermanentDeliveryError, type DeliveryDeps } from './delivery-deps.js';

/** Stickers in the createNewStickerSet request; the rest follow one addStickerToSet each. */
export const FIRST_BATCH = 10;
const STICKER_EMOJI = '🎨';
const TITLE_LIMIT = 64;

/**
 * "Add to Telegram": makes the owner's own sticker set of the pack, then sends its t.me/addstickers
 * link. The set's name is recorded first and the set is checked before each step, so a retry after a
 * crash or a failed upload resumes where it stopped; a set already complete is not touched again, only
 * its link re-sent.
 */
export async function deliverStickerSet(deps: DeliveryDeps, job: StickerSetDeliveryPayload): Promise<void> {
  const { api, db } = deps;
  const pack = await findPackAccess(db, job.packId, job.userId);
  if (!pack) throw new PermanentDeliveryError(`Pack ${job.packId} no longer exists`);
  if (!pack.owned) throw new PermanentDeliveryError(`User ${job.userId} does not own pack ${job.packId}`);

  let set = await findStickerSet(db, job.userId, job.packId);
  if (!set?.completedAt) {
    set = await recordStickerSet(db, {
      userId: job.userId,
      packId: job.packId,
      name: set?.name ?? stickerSetName(job.packId, job.userId, deps.botUsername),
    });
    const archive = await loadPackArchive(deps, { id: job.packId, ...pack });
    const stickers = archive.entries.map((entry, i) => inputSticker(entry.bytes, i));
    if (stickers.length === 0) throw new PermanentDeliveryError(`Pack ${job.packId} has no stickers`);

    let present = await stickerCount(deps, set.name);
    if (present === null) {
      present = await createSet(deps, job.userId, set.name, pack.title, stickers.slice(0, FIRST_BATCH));
    }
    for (let i = present; i < stickers.length; i++) {
      await api.addStickerToSet(job.userId, set.name, stickers[i]!);
    }
    await markStickerSetComplete(db, job.userId, job.packId, deps.now());
  }

  const url = addStickersUrl(set.name);
  await deps.acquire(job.userId);
  await api.sendMessage(job.userId, `${TEXTS.stickerSetReady(pack.title)}\n${url}`, {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard().url(TEXTS.addStickers, url),
  });
}

function inputSticker(bytes: Buffer, index: number): InputSticker {
  return {
    sticker: new InputFile(bytes, `sticker-${index + 1}.webp`),
    format: 'static',
    emoji_list: [STICKER_EMOJI],
  };
}

/** Stickers already in the set, or null when Telegram has no set of that name. */
async function stickerCount(deps: DeliveryDeps, name: string): Promise<number | null> {
  try {
    return (await deps.api.getStickerSet(name)).stickers.length;
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400 && /STICKERSET_INVALID/i.test(error.description)) {
      return null;
    }
    throw error;
  }
}

/** Creates the set with its first stickers; a name already taken (by our own earlier try) is resumed. */
async function createSet(
  deps: DeliveryDeps,
  userId: number,
  name: string,
  title: string,
  first: InputSticker[],
): Promise<number> {
  try {
    await deps.api.createNewStickerSet(userId, name, Array.from(title).slice(0, TITLE_LIMIT).join(''), first);
    return first.length;
  } catch (error) {
    if (error instanceof GrammyError && /already occupied/i.test(error.description)) {
      return (await stickerCount(deps, name)) ?? 0;
    }
    throw error;
  }
}
