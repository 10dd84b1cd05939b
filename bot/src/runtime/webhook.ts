import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import type { BotWebhookConfig } from '../config.js';
import type { BotContext } from '../context.js';
import type { Logger } from '@stickerdrop/core';
import { ALLOWED_UPDATES } from './setup.js';

export interface WebhookServer {
  /** Where the server listens (for tests): http://host:port */
  address: string;
  /** Refuses new updates (Telegram keeps and resends them), finishes the ones in hand, and closes. */
  stop(): Promise<void>;
}

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
const MAX_UPDATE_BYTES = 1024 * 1024;
/** Telegram gives up on a webhook call after about a minute and sends the update again; answer before. */
const ANSWER_WITHIN_MS = 50_000;

/**
 * Receives updates on the path of BOT_WEBHOOK_URL. Every request must carry the secret token set with
 * setWebhook; anything else is a 401 and never reaches the bot. The webhook stays registered on stop,
 * so Telegram holds updates while the bot is down.
 */
export async function startWebhook(
  bot: Bot<BotContext>,
  config: BotWebhookConfig,
  log: Logger,
): Promise<WebhookServer> {
  const path = new URL(config.url).pathname;
  const secret = Buffer.from(config.secret);
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const server = http.createServer((req, res) => {
    void receive(req, res).catch((error: unknown) => {
      log.error({ err: error }, 'webhook request failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  async function receive(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://bot').pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    const given = req.headers[SECRET_HEADER];
    const header = Buffer.from(typeof given === 'string' ? given : '');
    if (header.length !== secret.length || !timingSafeEqual(header, secret)) {
      log.warn({ ip: req.socket.remoteAddress }, 'webhook request with a wrong secret token refused');
      res.writeHead(401).end();
      return;
    }
    if (stopping) {
      res.writeHead(503).end();
      return;
    }
    let update: Update;
    try {
      update = JSON.parse((await readBody(req)).toString('utf8')) as Update;
    } catch {
      res.writeHead(400).end();
      return;
    }
    // A method the bot answers in the webhook's response (bot.ts) ends the request there and then; the
    // update's handling goes on, and is still waited for on stop.
    const reply = { send: (payload: string) => answer(res, stopping, payload) };
    const task = bot.handleUpdate(update, reply).catch((error: unknown) => {
      log.error({ err: error, updateId: update.update_id }, 'update failed outside the error boundary');
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([task, new Promise((resolve) => (timer = setTimeout(resolve, ANSWER_WITHIN_MS)))]);
    clearTimeout(timer);
    answer(res, stopping);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await bot.api.setWebhook(config.url, {
    secret_token: config.secret,
    drop_pending_updates: false,
    allowed_updates: [...ALLOWED_UPDATES],
  });
  log.info({ url: config.url, port }, 'bot receives updates by webhook');

  return {
    address: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    async stop() {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...inFlight]);
      // Connections that carried the last updates are idle now; keep-alive would hold them for seconds.
      server.closeIdleConnections();
      await closed;
    },
  };
}

/** The webhook's 200, once: empty, or carrying a method call for Telegram to make. */
function answer(res: http.ServerResponse, stopping: boolean, methodCall?: string): void {
  if (res.headersSent) return;
  const headers: http.OutgoingHttpHeaders = stopping ? { connection: 'close' } : {};
  if (methodCall !== undefined) headers['content-type'] = 'application/json';
  res.writeHead(200, headers).end(methodCall);
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_UPDATE_BYTES) {
        reject(new Error('update too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
