import { tonCore } from '../../ton-core.js';
import { tonCommentPayload } from '@stickerdrop/shared';
import type { PaymentRail } from '../../sales/payment-methods.js';

/**
 * TON: the buyer's wallet sends the exact amount to the marketplace wallet with the order id as its text
 * comment; the watcher confirms it on chain. The receiver is given in the user-friendly form wallets show
 * (bounceable, since it is a deployed wallet; test-only on testnet).
 */
export function tonRail(receiver: string, network: 'mainnet' | 'testnet'): PaymentRail {
  const address = tonCore()
    .Address.parse(receiver)
    .toString({ bounceable: true, testOnly: network === 'testnet' });
  return {
    method: 'ton',
    createPayment: (order) => ({
      kind: 'ton',
      receiver: address,
      amountNano: order.amountNano.toString(),
      comment: order.id,
      // The wallet refuses to send after the reservation's end, so no payment can arrive for a lapsed one.
      validUntil: Math.floor(order.expiresAt.getTime() / 1000),
      messages: [{ address, amount: order.amountNano.toString(), payload: tonCommentPayload(order.id) }],
    }),
  };
}
