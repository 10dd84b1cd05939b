import { badRequest, createInvoiceLink, now } from './bot-api-protocol.js';

/** The bot's Telegram Stars in the stand-in: invoices, pre-checkout answers, payments and refunds. */
export class FakeStars {
  /** Charges refunded so far: refunding one again is refused, as Telegram does. */
  readonly refundedCharges = new Set<string>();
  /** The bot's Star transactions, oldest first, as getStarTransactions lists them. */
  readonly transactions: Array<Record<string, unknown> & { id: string }> = [];

  /** A user paid a Stars invoice of the bot (whatever the bot itself saw of it). */
  addPayment(payment: { chargeId: string; userId: number; payload: string; amount: number }): void {
    this.transactions.push({
      id: payment.chargeId,
      amount: payment.amount,
      date: now(),
      source: {
        type: 'user',
        transaction_type: 'invoice_payment',
        user: { id: payment.userId, is_bot: false, first_name: 'User' },
        invoice_payload: payment.payload,
      },
    });
  }

  /** The answer to a Stars method; undefined for any other method. */
  answer(method: string, p: Record<string, unknown>): unknown {
    switch (method) {
      case 'createInvoiceLink':
        return createInvoiceLink(p);
      case 'answerPreCheckoutQuery':
        if (!p.pre_checkout_query_id) throw badRequest('QUERY_ID_INVALID');
        if (p.ok === false && !p.error_message) throw badRequest('error message is required');
        return true;
      case 'refundStarPayment':
        return this.refund(p);
      case 'getStarTransactions': {
        const offset = Number(p.offset ?? 0);
        const limit = Math.min(Number(p.limit ?? 100), 100);
        return { transactions: this.transactions.slice(offset, offset + limit) };
      }
      default:
        return undefined;
    }
  }

  private refund(p: Record<string, unknown>) {
    const charge = String(p.telegram_payment_charge_id ?? '');
    if (!charge || !Number(p.user_id)) throw badRequest('CHARGE_ID_INVALID');
    if (this.refundedCharges.has(charge)) throw badRequest('CHARGE_ALREADY_REFUNDED');
    this.refundedCharges.add(charge);
    const paid = this.transactions.find((tx) => tx.id === charge && tx.source);
    this.transactions.push({
      id: charge,
      amount: Number(paid?.amount ?? 0),
      date: now(),
      receiver: {
        type: 'user',
        transaction_type: 'invoice_payment',
        user: { id: Number(p.user_id), is_bot: false, first_name: 'User' },
      },
    });
    return true;
  }
}
