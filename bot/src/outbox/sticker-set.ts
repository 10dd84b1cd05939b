import { GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { InputSticker } from 'grammy/types';
import {
  addStickersUrl,
  findPackAccess,
  loadPackStickers,
  findStickerSet,
  markStickerSetComplete,
  recordCustomEmojiIds,
  recordStickerSet,
  renderSetThumbnail,
  forgetStickerSet,
  type PackStickerFile,
  type StickerSetDeliveryPayload,
  type StickerSetRevokePayload,
  newStickerSetName,
} from '@stickerdrop/core';
import { readerOf } from '../i18n.js';
import { escapeHtml } from '../views/texts.js';
import { PermanentDeliveryError, type Deliveries, type DeliveryDeps } from './delivery-deps.js';

/** Stickers in the createNewStickerSet request; the rest follow one addStickerToSet each. */
export const FIRST_BATCH = 10;
const TITLE_LIMIT = 64;

/** An owner's own Telegram sticker set of a pack: made when they ask, deleted when their last edition goes. */
export const stickerSetDeliveries: Deliveries<'sticker_set_delivery' | 'sticker_set_revoke'> = {
  sticker_set_delivery: { to: (job) => job.userId, send: (job, _to, deps) => deliverStickerSet(deps, job) },
  sticker_set_revoke: { to: (job) => job.userId, send: (job, _to, deps) => revokeStickerSet(deps, job) },
};

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
  if (pack.removed) throw new PermanentDeliveryError(`Pack ${job.packId} was removed by the marketplace`);

  let set = await findStickerSet(db, job.userId, job.packId);
  if (!set?.completedAt) {
    set = await recordStickerSet(db, {
      userId: job.userId,
      packId: job.packId,
      name: set?.name ?? newStickerSetName(job.packId, deps.botUsername),
    });
    const files = await loadPackStickers(deps, { id: job.packId, ...pack });
    const stickers = files.stickers.map(inputSticker);
    if (stickers.length === 0) throw new PermanentDeliveryError(`Pack ${job.packId} has no stickers`);
    const stickerType = files.kind === 'emoji' ? 'custom_emoji' : 'regular';

    let present = await stickerCount(deps, set.name);
    if (present === null) {
      const first = stickers.slice(0, FIRST_BATCH);
      present = await createSet(deps, { userId: job.userId, name: set.name, title: pack.title, stickerType }, first);
    }
    for (let i = present; i < stickers.length; i++) {
      await api.addStickerToSet(job.userId, set.name, stickers[i]!);
    }
    // A custom emoji set shows its first sticker, the cover, when it has no thumbnail of its own; a
    // sticker set gets the cover's still. Setting it again after a retry changes nothing.
    if (stickerType === 'regular' && files.cardKey) {
      const card = await deps.storage.get(files.cardKey);
      if (card) {
        const thumbnail = new InputFile(await renderSetThumbnail(card.bytes), 'thumbnail.webp');
        await api.setStickerSetThumbnail(set.name, job.userId, thumbnail, 'static');
      }
    }
    await markStickerSetComplete(db, job.userId, job.packId, deps.now());
  }
  if (pack.kind === 'emoji' && set.customEmojiIds === null) await keepCustomEmojiIds(deps, { ...job, name: set.name });

  const url = addStickersUrl(set.name);
  const { t } = await readerOf(db, job.userId);
  await deps.acquire(job.userId);
  await api.sendMessage(job.userId, t('sticker-set-ready', { title: escapeHtml(pack.title), url }), {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard().url(t('add-to-telegram'), url),
  });
}

/**
 * A custom emoji set's stickers get ids from Telegram, and an emoji status names one of them: they are read
 * once the set is whole and kept, so the app can offer them without asking Telegram. A sticker set has none.
 */
async function keepCustomEmojiIds(deps: DeliveryDeps, set: { userId: number; packId: number; name: string }) {
  const { stickers } = await deps.api.getStickerSet(set.name);
  const customEmojiIds = stickers.flatMap((sticker) => (sticker.custom_emoji_id ? [sticker.custom_emoji_id] : []));
  if (customEmojiIds.length === 0) return;
  await recordCustomEmojiIds(deps.db, { userId: set.userId, packId: set.packId, customEmojiIds });
}

/** Each sticker with its own format, emoji and keywords, as the creator uploaded it. */
function inputSticker(file: PackStickerFile): InputSticker {
  return {
    sticker: new InputFile(file.bytes, file.name),
    format: file.format,
    emoji_list: file.emoji,
    ...(file.keywords.length > 0 ? { keywords: file.keywords } : {}),
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
  set: { userId: number; name: string; title: string; stickerType: 'regular' | 'custom_emoji' },
  first: InputSticker[],
): Promise<number> {
  const { userId, name } = set;
  try {
    const title = Array.from(set.title).slice(0, TITLE_LIMIT).join('');
    await deps.api.createNewStickerSet(userId, name, title, first, { sticker_type: set.stickerType });
    return first.length;
  } catch (error) {
    if (error instanceof GrammyError && /already occupied/i.test(error.description)) {
      return (await stickerCount(deps, name)) ?? 0;
    }
    throw error;
  }
}

/**
 * The owner no longer holds an edition of the pack: the sticker set the bot made for them goes. A set that
 * Telegram no longer has (deleted by hand) counts as gone. Nothing to do when none was made.
 */
async function revokeStickerSet(deps: DeliveryDeps, job: StickerSetRevokePayload): Promise<void> {
  const set = await findStickerSet(deps.db, job.userId, job.packId);
  if (!set) return;
  try {
    await deps.api.deleteStickerSet(set.name);
  } catch (error) {
    if (!(error instanceof GrammyError && /STICKERSET_INVALID/.test(error.description))) throw error;
  }
  await forgetStickerSet(deps.db, job.userId, job.packId);
}
