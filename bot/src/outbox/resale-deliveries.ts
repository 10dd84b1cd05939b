import type { OutboxPayloads, ResalePayload } from '@stickerdrop/core';
import { tonAmountIn } from '@stickerdrop/shared';
import { openEditionKeyboard } from '../views/keyboards.js';
import { countIn, escapeHtml } from '../views/texts.js';
import { readerOf, type Reader } from '../i18n.js';
import type { Deliveries, Delivery } from './delivery-deps.js';
import { giftLinkLine } from './gift-deliveries.js';

type ResaleKind =
  'resale_receipt' | 'resale_sold' | 'resale_royalty' | 'resale_payment_failed' | 'reservation_released';

/** One resale message in its reader's language, and the edition its button opens (none: no button). */
type ResaleMessage = { text: string; editionId: number | null };

/** A resale message: read in its recipient's language, sent with a button that opens the edition. */
function resaleDelivery<K extends ResaleKind>(
  to: Delivery<K>['to'],
  message: (payload: OutboxPayloads[K], reader: Reader, botUsername: string) => ResaleMessage,
): Delivery<K> {
  return {
    to,
    async send(payload, to, deps) {
      const reader = await readerOf(deps.db, to);
      const { text, editionId } = message(payload, reader, deps.botUsername);
      await deps.acquire(to);
      await deps.api.sendMessage(to, text, {
        parse_mode: 'HTML',
        ...(editionId === null
          ? {}
          : { reply_markup: openEditionKeyboard(deps.botUsername, editionId, reader.t('open-edition')) }),
      });
    },
  };
}

/** A paid resale's values for its texts: the title escaped, numbers as text, amounts in the reader's digits. */
function resaleValues(sale: ResalePayload, { language }: Reader): Record<string, string> {
  const ton = (amount: string) => tonAmountIn(language, amount);
  return {
    title: escapeHtml(sale.title),
    serial: String(sale.serial),
    maxSupply: countIn(language, sale.maxSupply),
    price: ton(sale.price),
    sellerShare: ton(sale.sellerShare),
    royalty: ton(sale.royalty),
    fee: ton(sale.fee),
    orderId: escapeHtml(sale.orderId),
  };
}

/**
 * The resale messages of the outbox: the three a sale makes (buyer, seller, creator), a payment that bought
 * nothing, and a held listing taken off sale.
 */
export const resaleDeliveries: Deliveries<ResaleKind> = {
  resale_receipt: resaleDelivery(
    (sale) => sale.buyerId,
    (sale, reader, botUsername) => ({
      // A resale bought as a gift carries its claim link on the buyer's receipt.
      text: reader.t('resale-receipt', resaleValues(sale, reader)) + giftLinkLine(botUsername, sale.giftCode, reader.t),
      editionId: sale.editionId,
    }),
  ),
  resale_sold: resaleDelivery(
    (sale) => sale.sellerId,
    (sale, reader) => ({ text: reader.t('resale-sold', resaleValues(sale, reader)), editionId: sale.editionId }),
  ),
  resale_royalty: resaleDelivery(
    (sale) => sale.creatorId,
    (sale, reader) => ({
      text: reader.t(sale.royaltyOwed ? 'resale-royalty-held' : 'resale-royalty-paid', resaleValues(sale, reader)),
      editionId: sale.editionId,
    }),
  ),
  resale_payment_failed: resaleDelivery(
    (failed) => failed.buyerId,
    (failed, { t }) => ({
      text: t('resale-failed', {
        title: escapeHtml(failed.title),
        serial: String(failed.serial),
        orderId: escapeHtml(failed.orderId),
      }),
      editionId: null,
    }),
  ),
  reservation_released: resaleDelivery(
    (released) => released.buyerId,
    (released, { t }) => ({
      text: t('reservation-released', { title: escapeHtml(released.title), serial: String(released.serial) }),
      editionId: released.editionId,
    }),
  ),
};
