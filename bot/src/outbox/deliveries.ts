import { readOutboxPayload, type OutboxRow } from '@stickerdrop/core';
import { tonAmountIn } from '@stickerdrop/shared';
import { isHttps, openPackKeyboard } from '../views/keyboards.js';
import { chatMenuButtonIn } from '../runtime/setup.js';
import { refundNotice } from '../views/refund-texts.js';
import { countIn, escapeHtml } from '../views/texts.js';
import { readerOf, type Reader } from '../i18n.js';
import { PermanentDeliveryError, type DeliveryDeps } from './delivery-deps.js';
import { deliverStickerSet } from './sticker-set.js';
import { deliverResale, RESALE_OUTBOX_KINDS, type ResaleOutboxKind } from './resale-deliveries.js';
import { deliverOffer, OFFER_OUTBOX_KINDS, type OfferOutboxKind } from './offer-deliveries.js';
import { deliverGift, giftLinkLine, GIFT_OUTBOX_KINDS, type GiftOutboxKind } from './gift-deliveries.js';

export { recipientOf } from './recipients.js';

/** The outbox kinds the bot sends; others (refund_required) belong to other workers. */
export const BOT_OUTBOX_KINDS = [
  'purchase_receipt',
  'sale_notice',
  'sticker_set_delivery',
  'edition_revoked',
  'drop_opened',
  'refund_notice',
  'chat_language',
  ...RESALE_OUTBOX_KINDS,
  ...OFFER_OUTBOX_KINDS,
  ...GIFT_OUTBOX_KINDS,
] as const;
export type BotOutboxKind = Exclude<
  (typeof BOT_OUTBOX_KINDS)[number],
  ResaleOutboxKind | OfferOutboxKind | GiftOutboxKind
>;

/**
 * A sale's values for its texts: the title escaped for HTML, numbers as text (Fluent would group an
 * edition number as "1,000"), the amount in the reader's digits.
 */
function saleValues(
  reader: Reader,
  sale: { title: string; serial: number; maxSupply: number; amount: string; orderId?: string },
): Record<string, string> {
  return {
    title: escapeHtml(sale.title),
    serial: String(sale.serial),
    maxSupply: String(sale.maxSupply),
    amount: tonAmountIn(reader.language, sale.amount),
    orderId: escapeHtml(sale.orderId ?? ''),
  };
}

const payloadOf = <K extends BotOutboxKind>(row: OutboxRow, kind: K) => readOutboxPayload(row, kind);

/** Sends one row. Throws what went wrong; the worker decides between retry and giving up. */
export async function deliver(row: OutboxRow, deps: DeliveryDeps): Promise<void> {
  if ((await deliverResale(row, deps)) || (await deliverOffer(row, deps)) || (await deliverGift(row, deps))) return;
  switch (row.kind as BotOutboxKind) {
    case 'purchase_receipt': {
      const sale = payloadOf(row, 'purchase_receipt');
      const reader = await readerOf(deps.db, sale.buyerId);
      await deps.acquire(sale.buyerId);
      const text =
        reader.t('receipt', saleValues(reader, sale)) + giftLinkLine(deps.botUsername, sale.giftCode, reader.t);
      await deps.api.sendMessage(sale.buyerId, text, {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, sale.packId, reader.t('open-pack')),
      });
      return;
    }
    case 'sale_notice': {
      const sale = payloadOf(row, 'sale_notice');
      const reader = await readerOf(deps.db, sale.creatorId);
      await deps.acquire(sale.creatorId);
      await deps.api.sendMessage(sale.creatorId, reader.t('sale-notice', saleValues(reader, sale)), {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, sale.packId, reader.t('open-pack')),
      });
      return;
    }
    case 'sticker_set_delivery':
      return deliverStickerSet(deps, payloadOf(row, 'sticker_set_delivery'));
    case 'edition_revoked': {
      const revoked = payloadOf(row, 'edition_revoked');
      const reader = await readerOf(deps.db, revoked.userId);
      const text = reader.t('edition-revoked', {
        stars: revoked.stars,
        title: escapeHtml(revoked.title),
        serial: String(revoked.serial),
        maxSupply: countIn(reader.language, revoked.maxSupply),
      });
      await deps.acquire(revoked.userId);
      await deps.api.sendMessage(revoked.userId, text, {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, revoked.packId, reader.t('open-pack')),
      });
      return;
    }
    case 'refund_notice': {
      const notice = payloadOf(row, 'refund_notice');
      if (notice.buyerId <= 0) return; // a demo user: there is no chat to tell
      const reader = await readerOf(deps.db, notice.buyerId);
      await deps.acquire(notice.buyerId);
      await deps.api.sendMessage(notice.buyerId, refundNotice(notice, reader.t), { parse_mode: 'HTML' });
      return;
    }
    case 'chat_language': {
      const { userId } = payloadOf(row, 'chat_language');
      // Telegram opens mini-apps only from https addresses: a local http PUBLIC_URL has no button to set.
      if (!isHttps(deps.publicUrl)) return;
      const { language } = await readerOf(deps.db, userId);
      await deps.acquire(userId);
      await deps.api.setChatMenuButton({ chat_id: userId, menu_button: chatMenuButtonIn(language, deps.publicUrl) });
      return;
    }
    case 'drop_opened': {
      const drop = payloadOf(row, 'drop_opened');
      const reader = await readerOf(deps.db, drop.userId);
      await deps.acquire(drop.userId);
      await deps.api.sendMessage(drop.userId, reader.t('drop-opened', { title: escapeHtml(drop.title) }), {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, drop.packId, reader.t('buy-now')),
      });
      return;
    }
  }
  throw new PermanentDeliveryError(`The bot does not send outbox kind ${row.kind}`);
}
