import { tonAmountIn } from '@stickerdrop/shared';
import type { SalePayload } from '@stickerdrop/core';
import { openPackKeyboard } from '../views/keyboards.js';
import { escapeHtml } from '../views/texts.js';
import { readerOf, type Reader } from '../i18n.js';
import type { Deliveries } from './delivery-deps.js';
import { giftLinkLine } from './gift-deliveries.js';

/**
 * A sale's values for its texts: the title escaped for HTML, numbers as text (Fluent would group an
 * edition number as "1,000"), the amount in the reader's digits.
 */
function saleValues(reader: Reader, sale: SalePayload): Record<string, string> {
  return {
    title: escapeHtml(sale.title),
    serial: String(sale.serial),
    maxSupply: String(sale.maxSupply),
    amount: tonAmountIn(reader.language, sale.amount),
    orderId: escapeHtml(sale.orderId),
  };
}

/** A primary sale's messages: the buyer's receipt (with the claim link of one bought as a gift), the creator's notice. */
export const saleDeliveries: Deliveries<'purchase_receipt' | 'sale_notice'> = {
  purchase_receipt: {
    to: (sale) => sale.buyerId,
    async send(sale, to, deps) {
      const reader = await readerOf(deps.db, to);
      await deps.acquire(to);
      const text =
        reader.t('receipt', saleValues(reader, sale)) + giftLinkLine(deps.botUsername, sale.giftCode, reader.t);
      await deps.api.sendMessage(to, text, {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, sale.packId, reader.t('open-pack')),
      });
    },
  },
  sale_notice: {
    to: (sale) => sale.creatorId,
    async send(sale, to, deps) {
      const reader = await readerOf(deps.db, to);
      await deps.acquire(to);
      await deps.api.sendMessage(to, reader.t('sale-notice', saleValues(reader, sale)), {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, sale.packId, reader.t('open-pack')),
      });
    },
  },
};
