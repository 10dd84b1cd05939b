/**
 * Telegram for `npm run bench:drop`'s Stars rail, at the HTTP boundary only: a Bot API server the bot and
 * the API call (TELEGRAM_API_ROOT), and Telegram's side of the webhook, which posts real Update objects to
 * the bot with at most 40 in flight (setWebhook's default max_connections). It runs in the buyers'
 * process, so its work is not the server's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update } from 'grammy/types';
import { Connection } from './http-connection.js';

export const WEBHOOK_CONNECTIONS = 40;
export const BENCH_BOT = { id: 7_000_000_001, username: 'stickerdrop_bench_bot' };

export interface TelegramStandIn {
  /** TELEGRAM_API_ROOT for the server. */
  apiRoot: string;
  /** Makes a method call the bot answered a webhook request with, as Telegram does. */
  callFromWebhookReply(call: Record<string, unknown>): void;
  /** What the bot answered each pre-checkout query, by query id. */
  preCheckoutAnswers: Map<string, boolean>;
  /** Messages the bot sent (receipts to buyers, sale notices to the creator). */
  messages: number;
  /** Messages sent again: the same text to the same chat (every receipt names its serial). */
  repeated: number;
  refunds: number;
  close(): Promise<void>;
}

export async function startTelegramStandIn(): Promise<TelegramStandIn> {
  let nextMessageId = 1;
  const sent = new Set<string>();
  const standIn: TelegramStandIn = {
    apiRoot: '',
    preCheckoutAnswers: new Map(),
    messages: 0,
    repeated: 0,
    refunds: 0,
    callFromWebhookReply: (call) => void answer(String(call.method), call),
    close: () => new Promise((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
  const answer = (method: string, p: Record<string, unknown>): unknown => {
    switch (method) {
      case 'getMe':
        return { id: BENCH_BOT.id, is_bot: true, first_name: 'Bench', username: BENCH_BOT.username };
      case 'answerPreCheckoutQuery':
        standIn.preCheckoutAnswers.set(String(p.pre_checkout_query_id), p.ok === true);
        return true;
      case 'createInvoiceLink':
        return `https://t.me/$${Buffer.from(String(p.payload)).toString('base64url')}`;
      case 'sendMessage': {
        const chat = Number(p.chat_id);
        const message = `${chat}\n${String(p.text)}`;
        standIn.messages++;
        if (sent.has(message)) standIn.repeated++;
        sent.add(message);
        const date = Math.floor(Date.now() / 1000);
        return { message_id: nextMessageId++, date, chat: { id: chat, type: 'private' }, text: p.text };
      }
      case 'refundStarPayment':
        standIn.refunds++;
        return true;
      case 'getStarTransactions':
        return { transactions: [] };
      default:
        return true;
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      const isJson = (req.headers['content-type'] ?? '').includes('json') && body;
      const result = answer(method, isJson ? (JSON.parse(body) as Record<string, unknown>) : {});
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

/**
 * Telegram's side of a webhook: each update waits for one of the connections, as Telegram's do, and a method
 * call in the bot's answer is made as the bot's own request would be.
 */
export class WebhookSender {
  private idle: Connection[];
  private waiting: Array<(connection: Connection) => void> = [];
  /** Update ids never repeat in a process: the bot drops an update whose id it has handled. */
  private static nextUpdateId = 1;

  private constructor(
    connections: Connection[],
    private readonly path: string,
    private readonly secret: string,
    private readonly telegram: TelegramStandIn,
  ) {
    this.idle = connections;
  }

  static async open(
    webhook: { address: string; path: string; secret: string },
    telegram: TelegramStandIn,
  ): Promise<WebhookSender> {
    const url = new URL(webhook.address);
    const connections = Array.from({ length: WEBHOOK_CONNECTIONS }, () => new Connection(url));
    await Promise.all(connections.map((connection) => connection.opened));
    return new WebhookSender(connections, webhook.path, webhook.secret, telegram);
  }

  /** Posts the update (its update_id assigned here) and resolves with the bot's status once it answered. */
  async send(update: Omit<Update, 'update_id'>): Promise<number> {
    const connection = this.idle.pop() ?? (await new Promise<Connection>((resolve) => this.waiting.push(resolve)));
    try {
      const full = { update_id: WebhookSender.nextUpdateId++, ...update };
      const headers = { 'x-telegram-bot-api-secret-token': this.secret };
      const answered = await connection.post(this.path, headers, full);
      const call = answered.json as Record<string, unknown> | null;
      if (answered.status === 200 && typeof call?.method === 'string') this.telegram.callFromWebhookReply(call);
      return answered.status;
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  close(): void {
    for (const connection of this.idle) connection.close();
  }
}
