import { GrammyError } from 'grammy';
import {
  findStickerSet,
  forgetStickerSet,
  readOutboxPayload,
  type OutboxPayloads,
  type OutboxRow,
} from '@stickerdrop/core';
import { openEditionKeyboard } from '../views/keyboards.js';
import { TEXTS } from '../views/texts.js';
import type { DeliveryDeps } from './delivery-deps.js';
import { recipientOf } from './recipients.js';
import { giftLinkLine } from './gift-deliveries.js';
import { readerOf } from '../i18n.js';

/**
 * The resale messages of the outbox: the three a sale makes, a failed payment, a held listing taken off sale,
 * and a sticker set to remove.
 */
export const RESALE_OUTBOX_KINDS = [
  'resale_receipt',
  'resale_sold',
  'resale_royalty',
  'resale_payment_failed',
  'reservation_released',
  'sticker_set_revoke',
] as const;
export type ResaleOutboxKind = (typeof RESALE_OUTBOX_KINDS)[number];

const payloadOf = <K extends ResaleOutboxKind>(row: OutboxRow, kind: K) => readOutboxPayload(row, kind);

/** Sends one resale row; false when the row is not a resale kind. */
export async function deliverResale(row: OutboxRow, deps: DeliveryDeps): Promise<boolean> {
  const kind = row.kind as ResaleOutboxKind;
  if (!RESALE_OUTBOX_KINDS.includes(kind)) return false;
  if (kind === 'sticker_set_revoke') {
    await revokeStickerSet(deps, payloadOf(row, 'sticker_set_revoke'));
    return true;
  }
  if (kind === 'resale_payment_failed') {
    const failed = payloadOf(row, 'resale_payment_failed');
    await deps.acquire(failed.buyerId);
    await deps.api.sendMessage(failed.buyerId, TEXTS.resaleFailed(failed), { parse_mode: 'HTML' });
    return true;
  }
  if (kind === 'reservation_released') {
    const released = payloadOf(row, 'reservation_released');
    await deps.acquire(released.buyerId);
    await deps.api.sendMessage(released.buyerId, TEXTS.reservationReleased(released), {
      parse_mode: 'HTML',
      reply_markup: openEditionKeyboard(deps.botUsername, released.editionId),
    });
    return true;
  }
  const sale = payloadOf(row, kind);
  const to = recipientOf(row);
  const text =
    kind === 'resale_receipt'
      ? TEXTS.resaleReceipt(sale) + giftLinkLine(deps.botUsername, sale.giftCode, (await readerOf(deps.db, to)).t)
      : kind === 'resale_sold'
        ? TEXTS.resaleSold(sale)
        : TEXTS.resaleRoyalty(sale);
  await deps.acquire(to);
  await deps.api.sendMessage(to, text, {
    parse_mode: 'HTML',
    reply_markup: openEditionKeyboard(deps.botUsername, sale.editionId),
  });
  return true;
}

/**
 * The seller sold their last edition of the pack: the sticker set the bot made for them goes. A set that
 * Telegram no longer has (deleted by hand) counts as gone. Nothing to do when none was made.
 */
async function revokeStickerSet(deps: DeliveryDeps, job: OutboxPayloads['sticker_set_revoke']): Promise<void> {
  const set = await findStickerSet(deps.db, job.userId, job.packId);
  if (!set) return;
  try {
    await deps.api.deleteStickerSet(set.name);
  } catch (error) {
    if (!(error instanceof GrammyError && /STICKERSET_INVALID/.test(error.description))) throw error;
  }
  await forgetStickerSet(deps.db, job.userId, job.packId);
}
