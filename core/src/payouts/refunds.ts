import type { PayTonRefund } from '../payments/ton-refunds.js';
import { requestPayout } from './intents.js';
import { refundPays } from './outcomes.js';

/**
 * The payout wallet's side of a TON refund: one `refund` payout per payment (`payment:<id>`), so a
 * refund job run again after a crash finds the payout it wrote and pays nothing twice.
 */
export const payTonRefundByPayoutWallet: PayTonRefund = async (tx, refund) => {
  await requestPayout(tx, {
    kind: 'refund',
    pays: refundPays(refund.paymentId),
    destination: refund.destination,
    amountNano: refund.amountNano,
    comment: refund.comment,
  });
};
