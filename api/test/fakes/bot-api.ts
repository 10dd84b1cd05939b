import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Bot API for the API's own Telegram calls (Stars invoice links, Stars refunds, buyer notices):
 * grammY's real client talks to it over HTTP through TELEGRAM_API_ROOT. It checks what Telegram checks
 * for these methods and answers in Telegram's shapes, including its errors.
 */
export interface BotApiCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  status: number;
}

export class FakeBotApi {
  readonly calls: BotApiCall[] = [];
  readonly refundedCharges = new Set<string>();
  /** The bot's Star transactions, oldest first, as getStarTransactions lists them. */
  readonly starTransactions: Array<Record<string, unknown> & { id: string }> = [];
  private failures = new Map<string, Array<{ error_code: number; description: string }>>();
  private nextMessageId = 1;
  private server = http.createServer((req, res) => void this.route(req, res));
  private url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** TELEGRAM_API_ROOT. */
  get apiRoot(): string {
    return this.url;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  fail(method: string, error: { error_code: number; description: string }, times = 1): void {
    const queue = this.failures.get(method) ?? [];
    for (let i = 0; i < times; i++) queue.push(error);
    this.failures.set(method, queue);
  }

  /** A user paid a Stars invoice of the bot (whatever the bot itself saw of it). */
  addStarPayment(payment: { chargeId: string; userId: number; payload: string; amount: number }): void {
    this.starTransactions.push({
      id: payment.chargeId,
      amount: payment.amount,
      date: Math.floor(Date.now() / 1000),
      source: {
        type: 'user',
        transaction_type: 'invoice_payment',
        user: { id: payment.userId, is_bot: false, first_name: 'User' },
        invoice_payload: payment.payload,
      },
    });
  }

  callsTo(method: string): BotApiCall[] {
    return this.calls.filter((call) => call.method === method && call.status === 200);
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', this.url).pathname);
    const body = Buffer.concat(chunks).toString('utf8');
    const call: BotApiCall = {
      method: match?.[2] ?? '',
      token: match?.[1] ?? '',
      params: body ? (JSON.parse(body) as Record<string, unknown>) : {},
      status: 0,
    };
    this.calls.push(call);
    const reply = (status: number, payload: unknown) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const failure = this.failures.get(call.method)?.shift();
    if (failure) return reply(failure.error_code, { ok: false, ...failure });
    const result = this.answer(call);
    if ('error_code' in result) return reply(result.error_code, { ok: false, ...result });
    reply(200, { ok: true, result: result.result });
  }

  private answer(call: BotApiCall): { result: unknown } | { error_code: number; description: string } {
    const p = call.params;
    const bad = (description: string) => ({ error_code: 400, description: `Bad Request: ${description}` });
    switch (call.method) {
      case 'getMe':
        return {
          result: { id: 7_000_000_001, is_bot: true, first_name: 'Stickerdrop', username: 'stickerdrop_test_bot' },
        };
      case 'createInvoiceLink': {
        const title = String(p.title ?? '');
        const description = String(p.description ?? '');
        const payload = String(p.payload ?? '');
        const prices = (p.prices ?? []) as Array<{ label: string; amount: number }>;
        if (title.length < 1 || [...title].length > 32) return bad('INVOICE_TITLE_INVALID');
        if (description.length < 1 || [...description].length > 255) return bad('INVOICE_DESCRIPTION_INVALID');
        if (Buffer.byteLength(payload) < 1 || Buffer.byteLength(payload) > 128) return bad('INVOICE_PAYLOAD_INVALID');
        if (p.currency === 'XTR' && ((p.provider_token ?? '') !== '' || prices.length !== 1)) {
          return bad('STARS_INVOICE_INVALID');
        }
        if (prices.some((price) => !Number.isInteger(price.amount) || price.amount < 1)) return bad('PRICE_INVALID');
        return { result: `https://t.me/$${Buffer.from(payload).toString('base64url')}` };
      }
      case 'refundStarPayment': {
        const charge = String(p.telegram_payment_charge_id ?? '');
        if (!charge || !Number(p.user_id)) return bad('CHARGE_ID_INVALID');
        if (this.refundedCharges.has(charge)) return bad('CHARGE_ALREADY_REFUNDED');
        this.refundedCharges.add(charge);
        const paid = this.starTransactions.find((tx) => tx.id === charge && tx.source);
        this.starTransactions.push({
          id: charge,
          amount: Number(paid?.amount ?? 0),
          date: Math.floor(Date.now() / 1000),
          receiver: {
            type: 'user',
            transaction_type: 'invoice_payment',
            user: { id: Number(p.user_id), is_bot: false, first_name: 'User' },
          },
        });
        return { result: true };
      }
      case 'getStarTransactions': {
        const offset = Number(p.offset ?? 0);
        const limit = Math.min(Number(p.limit ?? 100), 100);
        return { result: { transactions: this.starTransactions.slice(offset, offset + limit) } };
      }
      case 'answerPreCheckoutQuery':
        if (!p.pre_checkout_query_id) return bad('QUERY_ID_INVALID');
        if (p.ok === false && !p.error_message) return bad('error message is required');
        return { result: true };
      case 'sendMessage':
        if (!String(p.text ?? '').trim()) return bad('message text is empty');
        return {
          result: {
            message_id: this.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(p.chat_id), type: 'private', first_name: 'User' },
            text: p.text,
          },
        };
      default:
        return { error_code: 404, description: 'Not Found: method not found' };
    }
  }
}

export async function startFakeBotApi(): Promise<FakeBotApi> {
  return new FakeBotApi().start();
}
