/**
 * How a buyer of `npm run bench:drop` pays, per rail, once their buy answered with an order: on the demo
 * rail the API's demo-pay; in Stars, Telegram's two updates through the bot's webhook; in TON, a transfer
 * that lands in the stand-in indexer for the watcher to find.
 */
import type { Connection } from './http-connection.js';
import type { TelegramStandIn, WebhookSender } from './telegram-stand-in.js';
import type { ToncenterStandIn } from './toncenter-stand-in.js';

export type Rail = 'stars' | 'ton' | 'demo';

export interface Buyer {
  id: number;
  token: string;
}

interface BoughtOrder {
  id: string;
  payment: { kind: string; stars?: number; receiver?: string; amountNano?: string; messages?: { payload?: string }[] };
}

/** Pays `order` for `buyer`; resolves with what happened, once the buyer would see it (TON: once sent). */
export type Pay = (connection: Connection, buyer: Buyer, order: BoughtOrder) => Promise<string>;

export function demoPay(): Pay {
  return async (connection, buyer, order) => {
    const answer = await connection.post(`/api/orders/${order.id}/demo-pay`, {
      authorization: `Bearer ${buyer.token}`,
    });
    return String(answer.status);
  };
}

/** Query and message ids are unique in the process, over every drop it runs. */
let nextQuery = 1;
let nextMessage = 1;

/**
 * Stars as Telegram runs a payment: the pre-checkout query; once the bot answered yes, the successful
 * payment as a message in the buyer's chat. Paid once the bot answered that update (it settles inside it).
 */
export function starsPay(telegram: TelegramStandIn, webhook: WebhookSender): Pay {
  return async (_connection, buyer, order) => {
    const from = { id: buyer.id, is_bot: false, first_name: `Buyer ${buyer.id}`, language_code: 'en' };
    const queryId = `bench-${nextQuery++}`;
    const invoice = { currency: 'XTR', total_amount: order.payment.stars!, invoice_payload: order.id };
    const asked = await webhook.send({ pre_checkout_query: { id: queryId, from, ...invoice } });
    if (asked !== 200) return `pre-checkout ${asked}`;
    const yes = telegram.preCheckoutAnswers.get(queryId);
    if (yes !== true) return yes === false ? 'refused' : 'unanswered';
    const paid = await webhook.send({
      message: {
        message_id: nextMessage++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: buyer.id, type: 'private', first_name: from.first_name },
        from,
        successful_payment: {
          ...invoice,
          telegram_payment_charge_id: `bench-charge-${order.id}`,
          provider_payment_charge_id: '',
        },
      },
    });
    return paid === 200 ? 'paid' : `payment ${paid}`;
  };
}

/** A wallet's transfer of the order's amount with its comment, from the buyer's own wallet address. */
export function tonPay(indexer: ToncenterStandIn): Pay {
  return (_connection, buyer, order) => {
    const { receiver, amountNano, messages } = order.payment;
    indexer.land({
      sender: `0:${buyer.id.toString(16).padStart(64, '0')}`,
      receiver: receiver!,
      amountNano: amountNano!,
      body: messages![0]!.payload!,
      comment: order.id,
    });
    return Promise.resolve('sent');
  };
}
