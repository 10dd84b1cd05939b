import type http from 'node:http';
import type { Update } from 'grammy/types';
import { HttpFake, ScriptedFailures, parseMultipart, readBody, recordRequest, sendJson } from './http-fake.js';
import {
  attached,
  badRequest,
  createInvoiceLink,
  now,
  parseField,
  TelegramError,
  type ApiError,
  type RecordedCall,
} from './bot-api-protocol.js';
import { FakeStickerSets } from './fake-sticker-sets.js';

export type { RecordedCall } from './bot-api-protocol.js';

/**
 * A local stand-in for api.telegram.org, for the bot and for the API's own Telegram calls (Stars invoice
 * links, refunds and transactions, buyer notices): their real grammY clients talk to it over HTTP at
 * `apiRoot` (TELEGRAM_API_ROOT). Every call is recorded with its parameters and uploaded files; it checks
 * what Telegram checks for these methods and answers in Telegram's shapes (Message objects, StickerSet,
 * File, errors with error_code/description/parameters). Tests script failures (429 with retry_after, 403
 * for a blocked user), slow calls, updates for long polling and the bot's Star payments.
 */
type Responder = (call: RecordedCall) => unknown;

export const BOT_USER = {
  id: 7_000_000_001,
  is_bot: true as const,
  first_name: 'Stickerdrop',
  username: 'stickerdrop_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: true,
};

const MESSAGE_METHODS = new Set(['sendMessage', 'sendPhoto', 'sendSticker', 'sendDocument', 'copyMessage']);

export class FakeBotApi extends HttpFake {
  readonly calls: RecordedCall[] = [];
  readonly stickerSets = new FakeStickerSets(() => this.nextFileId++);
  webhook: { url: string; secret_token?: string } | null = null;
  /** While true Telegram is down: every call loses its connection. */
  outage = false;
  /** True once any deleteWebhook/setWebhook asked Telegram to drop pending updates. */
  droppedPendingUpdates = false;
  /** Charges refunded so far: refunding one again is refused, as Telegram does. */
  readonly refundedCharges = new Set<string>();
  /** The bot's Star transactions, oldest first, as getStarTransactions lists them. */
  readonly starTransactions: Array<Record<string, unknown> & { id: string }> = [];

  private nextMessageId = 1;
  private nextPreparedId = 1;
  private nextUpdateId = 1;
  private nextFileId = 1;
  private pendingUpdates: Update[] = [];
  private updateWaiters = new Set<() => void>();
  private failures = new ScriptedFailures<ApiError>();
  private delays = new Map<string, number>();
  private responders = new Map<string, Responder>();
  private blocked = new Set<number>();
  private drops = new Map<string, { times: number; after: number }>();
  private files = new Map<string, { path: string; data: Buffer }>();

  /** What TELEGRAM_API_ROOT is set to. */
  get apiRoot(): string {
    return this.url;
  }

  override async close(): Promise<void> {
    for (const wake of this.updateWaiters) wake();
    await super.close();
  }

  // --- scripting -------------------------------------------------------------------------------

  /** The next `times` calls of `method` fail with this error (a 429 storm, a 500, …). */
  fail(method: string, error: ApiError, times = 1): void {
    this.failures.add(error, times, method);
  }

  /** A 429 as Telegram sends it. */
  tooManyRequests(method: string, retryAfter: number, times = 1): void {
    this.fail(
      method,
      {
        error_code: 429,
        description: `Too Many Requests: retry after ${retryAfter}`,
        parameters: { retry_after: retryAfter },
      },
      times,
    );
  }

  /** Messages to this chat get 403 "bot was blocked by the user". */
  block(chatId: number): void {
    this.blocked.add(chatId);
  }

  /** After `after` more calls answer normally, `times` calls of `method` lose their connection. */
  dropConnection(method: string, times = 1, after = 0): void {
    this.drops.set(method, { times, after });
  }

  /** Every call of `method` takes this long before it answers. */
  delay(method: string, ms: number): void {
    this.delays.set(method, ms);
  }

  /** Bot API 8.0: a message the user can send with the mini-app's shareMessage, for 24 hours. */
  private savePreparedInlineMessage(p: Record<string, unknown>) {
    if (!(Number(p.user_id) > 0)) throw badRequest('USER_ID_INVALID');
    const result = p.result as { type?: unknown; id?: unknown } | undefined;
    if (!result || typeof result.type !== 'string' || typeof result.id !== 'string') {
      throw badRequest('RESULT_ID_INVALID');
    }
    const targets = ['allow_user_chats', 'allow_bot_chats', 'allow_group_chats', 'allow_channel_chats'];
    if (!targets.some((name) => p[name] === true)) throw badRequest('PEER_TYPES_INVALID');
    return { id: `prepared-${this.nextPreparedId++}`, expiration_date: Math.floor(Date.now() / 1000) + 86_400 };
  }

  /** Answers `method` with the responder's result instead of the built-in one. */
  respond(method: string, responder: Responder): void {
    this.responders.set(method, responder);
  }

  /** A file the bot can fetch with getFile and download, as when a user sends a photo or document. */
  addFile(data: Buffer, extension = 'jpg'): { file_id: string; file_unique_id: string; file_size: number } {
    const id = `file-${this.nextFileId++}`;
    this.files.set(id, { path: `documents/${id}.${extension}`, data });
    return { file_id: id, file_unique_id: `u${id}`, file_size: data.length };
  }

  /** Queues an update for getUpdates; update_id is assigned when missing. */
  pushUpdate(update: Omit<Update, 'update_id'> & { update_id?: number }): Update {
    const full = { ...update, update_id: update.update_id ?? this.nextUpdateId++ } as Update;
    this.nextUpdateId = Math.max(this.nextUpdateId, full.update_id + 1);
    this.pendingUpdates.push(full);
    for (const wake of this.updateWaiters) wake();
    return full;
  }

  /** Updates Telegram still holds: not yet confirmed by a later getUpdates offset. */
  get unconfirmedUpdates(): Update[] {
    return [...this.pendingUpdates];
  }

  /** A user paid a Stars invoice of the bot (whatever the bot itself saw of it). */
  addStarPayment(payment: { chargeId: string; userId: number; payload: string; amount: number }): void {
    this.starTransactions.push({
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

  // --- reading the record ----------------------------------------------------------------------

  callsTo(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** The calls of `method` Telegram accepted (status 200). */
  acceptedCallsTo(method: string): RecordedCall[] {
    return this.callsTo(method).filter((call) => call.status === 200);
  }

  /** Every message-sending call to `chatId`, in order. */
  messagesTo(chatId: number): RecordedCall[] {
    return this.calls.filter((call) => MESSAGE_METHODS.has(call.method) && Number(call.params.chat_id) === chatId);
  }

  /** Messages Telegram accepted (status 200): what users actually received. */
  get delivered(): RecordedCall[] {
    return this.calls.filter((call) => MESSAGE_METHODS.has(call.method) && call.status === 200);
  }

  /** Calls other than the polling and start-up chatter, for asserting what a handler did. */
  get actions(): RecordedCall[] {
    return this.calls.filter((call) => !['getUpdates', 'getMe', 'deleteWebhook'].includes(call.method));
  }

  /** The last message the bot sent to `chatId`, as Telegram returned it (for tapping its buttons). */
  lastMessageTo(chatId: number): unknown {
    const call = this.messagesTo(chatId)
      .filter((c) => c.status === 200)
      .at(-1);
    if (!call) throw new Error(`no message to ${chatId}`);
    return call.result;
  }

  /** Texts (or captions) of the messages the bot sent to `chatId`, in order. */
  textsTo(chatId: number): string[] {
    return this.messagesTo(chatId).map((call) => String(call.params.text ?? call.params.caption ?? ''));
  }

  clearCalls(): void {
    this.calls.length = 0;
  }

  /** Resolves once `predicate` holds, polling the record (for asynchronous workers). */
  async waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  // --- HTTP ------------------------------------------------------------------------------------

  protected async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && file) return this.download(file[2]!, res);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });

    const body = await readBody(req);
    const call: RecordedCall = {
      method: match[2]!,
      token: match[1]!,
      params: {},
      files: {},
      at: Date.now(),
      status: 0,
    };
    const contentType = req.headers['content-type'] ?? '';
    if (contentType.startsWith('multipart/form-data')) {
      for (const part of parseMultipart(body, contentType)) {
        if (part.filename !== undefined) call.files[part.name] = { filename: part.filename, data: part.data };
        else call.params[part.name] = parseField(part.data.toString('utf8'));
      }
    } else if (body.length > 0) {
      call.params = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } else {
      for (const [key, value] of url.searchParams) call.params[key] = parseField(value);
    }
    const reply = recordRequest(this.calls, call, res);
    if (this.outage) {
      req.socket.destroy();
      return;
    }

    const delay = this.delays.get(call.method);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));

    const drop = this.drops.get(call.method);
    if (drop && drop.after > 0) drop.after--;
    else if (drop && drop.times > 0) {
      drop.times--;
      req.socket.destroy();
      return;
    }
    const failure = this.failures.next(call.method);
    if (failure) return reply(failure.error_code, { ok: false, ...failure });
    try {
      const responder = this.responders.get(call.method);
      const result = responder ? responder(call) : await this.answer(call, req, res);
      if (res.writableEnded) return;
      call.result = result;
      reply(200, { ok: true, result });
    } catch (error) {
      if (error instanceof TelegramError) return reply(error.error.error_code, { ok: false, ...error.error });
      reply(500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    }
  }

  private download(filePath: string, res: http.ServerResponse): void {
    const found = [...this.files.values()].find((file) => file.path === filePath);
    if (!found) return sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': found.data.length });
    res.end(found.data);
  }

  private async answer(call: RecordedCall, req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> {
    const p = call.params;
    if (MESSAGE_METHODS.has(call.method) || call.method.startsWith('send')) {
      const chatId = Number(p.chat_id);
      if (!Number.isFinite(chatId) || chatId === 0) throw badRequest('chat_id is empty');
      if (this.blocked.has(chatId))
        throw new TelegramError({ error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    }
    switch (call.method) {
      case 'getMe':
        return BOT_USER;
      case 'getUpdates':
        return this.getUpdates(p, req, res);
      case 'deleteWebhook':
        if (p.drop_pending_updates === true) this.dropPending();
        this.webhook = null;
        return true;
      case 'setWebhook':
        if (p.drop_pending_updates === true) this.dropPending();
        this.webhook = { url: String(p.url), ...(p.secret_token ? { secret_token: String(p.secret_token) } : {}) };
        return true;
      case 'getWebhookInfo':
        return {
          url: this.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: this.pendingUpdates.length,
        };
      case 'setMyCommands':
      case 'setChatMenuButton':
      case 'setMyDescription':
      case 'setMyShortDescription':
      case 'answerCallbackQuery':
      case 'answerInlineQuery':
      case 'deleteMessage':
        return true;
      case 'createInvoiceLink':
        return createInvoiceLink(p);
      case 'savePreparedInlineMessage':
        return this.savePreparedInlineMessage(p);
      case 'answerPreCheckoutQuery':
        if (!p.pre_checkout_query_id) throw badRequest('QUERY_ID_INVALID');
        if (p.ok === false && !p.error_message) throw badRequest('error message is required');
        return true;
      case 'refundStarPayment':
        return this.refundStarPayment(p);
      case 'getStarTransactions': {
        const offset = Number(p.offset ?? 0);
        const limit = Math.min(Number(p.limit ?? 100), 100);
        return { transactions: this.starTransactions.slice(offset, offset + limit) };
      }
      case 'sendMessage':
        if (typeof p.text !== 'string' || p.text.trim() === '') throw badRequest('message text is empty');
        if (p.text.length > 4096) throw badRequest('message is too long');
        return this.message(p, { text: p.text });
      case 'sendPhoto': {
        const photo = typeof p.photo === 'string' && (attached(call, p.photo) ?? !p.photo.startsWith('attach://'));
        if (!photo) throw badRequest('there is no photo in the request');
        return this.message(p, {
          photo: [{ file_id: `photo-${this.nextFileId++}`, file_unique_id: 'p', width: 320, height: 320 }],
          ...(p.caption !== undefined && { caption: p.caption }),
        });
      }
      case 'editMessageText':
        return this.message(p, { message_id: Number(p.message_id), text: p.text, edit_date: now() });
      case 'editMessageReplyMarkup':
        return this.message(p, { message_id: Number(p.message_id), edit_date: now() });
      case 'getFile': {
        const file = this.files.get(String(p.file_id));
        if (!file) throw badRequest('invalid file_id');
        return {
          file_id: p.file_id,
          file_unique_id: `u${String(p.file_id)}`,
          file_size: file.data.length,
          file_path: file.path,
        };
      }
      case 'createNewStickerSet':
        return this.stickerSets.create(call);
      case 'addStickerToSet':
        return this.stickerSets.add(call);
      case 'setStickerSetThumbnail':
        return this.stickerSets.setThumbnail(call);
      case 'deleteStickerSet':
        if (!this.stickerSets.delete(String(p.name))) throw badRequest('STICKERSET_INVALID');
        return true;
      case 'getStickerSet':
        return this.stickerSets.describe(String(p.name));
      default:
        throw new TelegramError({ error_code: 404, description: 'Not Found: method not found' });
    }
  }

  private message(p: Record<string, unknown>, extra: Record<string, unknown>) {
    const chatId = Number(p.chat_id);
    return {
      message_id: this.nextMessageId++,
      date: now(),
      chat:
        chatId > 0
          ? { id: chatId, type: 'private', first_name: 'User' }
          : { id: chatId, type: 'group', title: 'Group' },
      from: { id: BOT_USER.id, is_bot: true, first_name: BOT_USER.first_name, username: BOT_USER.username },
      ...(p.reply_markup ? { reply_markup: p.reply_markup } : {}),
      ...extra,
    };
  }

  private refundStarPayment(p: Record<string, unknown>) {
    const charge = String(p.telegram_payment_charge_id ?? '');
    if (!charge || !Number(p.user_id)) throw badRequest('CHARGE_ID_INVALID');
    if (this.refundedCharges.has(charge)) throw badRequest('CHARGE_ALREADY_REFUNDED');
    this.refundedCharges.add(charge);
    const paid = this.starTransactions.find((tx) => tx.id === charge && tx.source);
    this.starTransactions.push({
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

  private dropPending(): void {
    this.droppedPendingUpdates = true;
    this.pendingUpdates = [];
  }

  private async getUpdates(p: Record<string, unknown>, req: http.IncomingMessage, res: http.ServerResponse) {
    if (this.webhook) {
      throw new TelegramError({
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
    }
    const offset = Number(p.offset ?? 0);
    // An offset confirms every update below it: Telegram forgets them.
    if (offset > 0) this.pendingUpdates = this.pendingUpdates.filter((update) => update.update_id >= offset);
    const limit = Math.min(Number(p.limit ?? 100) || 100, 100);
    const timeoutMs = Number(p.timeout ?? 0) * 1000;
    const ready = () => this.pendingUpdates.filter((update) => update.update_id >= offset).slice(0, limit);
    if (ready().length === 0 && timeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.updateWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        this.updateWaiters.add(done);
        req.on('close', done);
        res.on('close', done);
      });
    }
    return ready();
  }
}

export async function startFakeBotApi(): Promise<FakeBotApi> {
  return new FakeBotApi().start();
}
