import { GrammyError } from 'grammy';
import {
  findStickerSet,
  forgetStickerSet,
  readOutboxPayload,
  type OutboxPayloads,
  type OutboxRow,
} from '@stickerdrop/core';
import { openEditionKeyboard } from '../views/keyboards.js';
import { tonAmountIn } from '@stickerdrop/shared';
import { countIn, escapeHtml } from '../views/texts.js';
import { readerOf, type Reader } from '../i18n.js';
import type { DeliveryDeps } from './delivery-deps.js';
import { recipientOf } from './recipients.js';
import { giftLinkLine } from './gift-deliveries.js';

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
  const to = recipientOf(row);
  const reader = await readerOf(deps.db, to);
  const { text, editionId } = resaleMessage(row, kind, reader, deps.botUsername);
  await deps.acquire(to);
  await deps.api.sendMessage(to, text, {
    parse_mode: 'HTML',
    ...(editionId === null
      ? {}
      : { reply_markup: openEditionKeyboard(deps.botUsername, editionId, reader.t('open-edition')) }),
  });
  return true;
}

/** One resale message in its reader's language, and the edition its button opens (none for a failed payment). */
function resaleMessage(
  row: OutboxRow,
  kind: Exclude<ResaleOutboxKind, 'sticker_set_revoke'>,
  { t, language }: Reader,
  botUsername: string,
): { text: string; editionId: number | null } {
  const ton = (amount: string) => tonAmountIn(language, amount);
  if (kind === 'resale_payment_failed') {
    const failed = payloadOf(row, kind);
    const values = {
      title: escapeHtml(failed.title),
      serial: String(failed.serial),
      orderId: escapeHtml(failed.orderId),
    };
    return { text: t('resale-failed', values), editionId: null };
  }
  if (kind === 'reservation_released') {
    const released = payloadOf(row, kind);
    const values = { title: escapeHtml(released.title), serial: String(released.serial) };
    return { text: t('reservation-released', values), editionId: released.editionId };
  }
  const sale = payloadOf(row, kind);
  const values = {
    title: escapeHtml(sale.title),
    serial: String(sale.serial),
    maxSupply: countIn(language, sale.maxSupply),
    price: ton(sale.price),
    sellerShare: ton(sale.sellerShare),
    royalty: ton(sale.royalty),
    fee: ton(sale.fee),
    orderId: escapeHtml(sale.orderId),
  };
  // A resale bought as a gift carries its claim link on the buyer's receipt.
  const receipt = t('resale-receipt', values) + giftLinkLine(botUsername, sale.giftCode, t);
  const royalty = sale.royaltyOwed ? t('resale-royalty-held', values) : t('resale-royalty-paid', values);
  const text = kind === 'resale_receipt' ? receipt : kind === 'resale_sold' ? t('resale-sold', values) : royalty;
  return { text, editionId: sale.editionId };
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
