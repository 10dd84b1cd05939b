/**
 * The Bot API calls payments make: Stars invoices, Stars refunds, the reconciliation's reading of the
 * bot's Star transactions (notices to buyers are the bot's, through the outbox). Core states what it needs; the edges hand in grammY's
 * `Api` (built once from BOT_TOKEN at TELEGRAM_API_ROOT), which fits this shape.
 */
export interface PaymentsTelegram {
  createInvoiceLink(
    title: string,
    description: string,
    payload: string,
    providerToken: string,
    currency: string,
    prices: Array<{ label: string; amount: number }>,
  ): Promise<string>;
  refundStarPayment(userId: number, chargeId: string): Promise<unknown>;
  getStarTransactions(page: { offset: number; limit: number }): Promise<{ transactions: StarTransaction[] }>;
}

/** The fields of Telegram's StarTransaction the reconciliation reads. */
export interface StarTransaction {
  id: string;
  amount: number;
  source?: { type: string; transaction_type?: string; user?: { id: number }; invoice_payload?: string };
  receiver?: { type: string };
}

/** A Bot API refusal (grammY's GrammyError has these fields); anything else is a network or server failure. */
export function telegramRefusal(error: unknown): { code: number; description: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { error_code: code, description } = error as Error & { error_code?: unknown; description?: unknown };
  return typeof code === 'number' && typeof description === 'string' ? { code, description } : undefined;
}
