import { tonAmountIn } from '@stickerdrop/shared';
import { readerOf, type Reader } from '../i18n.js';
import { escapeHtml } from '../views/texts.js';
import type { Deliveries } from './delivery-deps.js';

/** The explorer's link under a payout's message, in the reader's words. */
function transactionLink(reader: Reader, url: string): string {
  return `<a href="${escapeHtml(url)}">${reader.t('payout-transaction-link')}</a>`;
}

/** Money the marketplace's wallet sent, once the chain shows it arrived: to the creator, and to a buyer refunded. */
export const payoutDeliveries: Deliveries<'payout_paid' | 'refund_paid'> = {
  payout_paid: {
    to: (paid) => paid.userId,
    async send(paid, to, deps) {
      const reader = await readerOf(deps.db, to);
      const text = reader.t('payout-paid', { amount: tonAmountIn(reader.language, paid.amount) });
      await deps.acquire(to);
      await deps.api.sendMessage(to, `${text}\n${transactionLink(reader, paid.txUrl)}`, { parse_mode: 'HTML' });
    },
  },
  refund_paid: {
    to: (paid) => paid.userId,
    async send(paid, to, deps) {
      const reader = await readerOf(deps.db, to);
      const amount = tonAmountIn(reader.language, paid.amount);
      const text = paid.title
        ? reader.t('refund-paid-for', { amount, title: escapeHtml(paid.title) })
        : reader.t('refund-paid', { amount });
      await deps.acquire(to);
      await deps.api.sendMessage(to, `${text}\n${transactionLink(reader, paid.txUrl)}`, { parse_mode: 'HTML' });
    },
  },
};
