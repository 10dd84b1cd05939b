import type http from 'node:http';
import type { Update } from 'grammy/types';
import { HeldCalls, ScriptedFailures, recordRequest, sendJson, type HeldCall } from './http-fake.js';
import { attached, badRequest, now, TelegramError, type ApiError, type RecordedCall } from './bot-api-protocol.js';
import { BotApiRecord, MESSAGE_METHODS } from './bot-api-record.js';
import { FakeStars } from './bot-api-stars.js';
import { FakeUpdates } from './bot-api-updates.js';
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

export class FakeBotApi extends BotApiRecord {
  readonly stickerSets = new FakeStickerSets(() => this.nextFileId++);
  readonly updates = new FakeUpdates();
  readonly stars = new FakeStars();
  /** While true Telegram is down: every call loses its connection. */
  outage = false;

  private nextMessageId = 1;
  private nextPreparedId = 1;
  private nextFileId = 1;
  private failures = new ScriptedFailures<ApiError>();
  private delays = new Map<string, number>();
  private held = new HeldCalls();
  private responders = new Map<string, Responder>();
  private blocked = new Set<number>();
  private drops = new Map<string, { times: number; after: number }>();
  private files = new Map<string, { path: string; data: Buffer }>();

  /** What TELEGRAM_API_ROOT is set to. */
  get apiRoot(): string {
    return this.url;
  }

  override async close(): Promise<void> {
    this.updates.wakeAll();
    this.held.releaseAll();
    await super.close();
  }

  get webhook() {
    return this.updates.webhook;
  }

  /** True once any deleteWebhook/setWebhook asked Telegram to drop pending updates. */
  get droppedPendingUpdates(): boolean {
    return this.updates.droppedPendingUpdates;
  }

  /** Charges refunded so far: refunding one again is refused, as Telegram does. */
  get refundedCharges(): Set<string> {
    return this.stars.refundedCharges;
  }

  /** The bot's Star transactions, oldest first, as getStarTransactions lists them. */
  get starTransactions(): Array<Record<string, unknown> & { id: string }> {
    return this.stars.transactions;
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

  /** After `after` more calls answer, the next call of `method` waits unanswered until the test releases it. */
  hold(method: string, after = 0): HeldCall {
    return this.held.hold(method, after);
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
    return this.updates.push(update);
  }

  /** Updates Telegram still holds: not yet confirmed by a later getUpdates offset. */
  get unconfirmedUpdates(): Update[] {
    return this.updates.unconfirmed;
  }

  /** A user paid a Stars invoice of the bot (whatever the bot itself saw of it). */
  addStarPayment(payment: { chargeId: string; userId: number; payload: string; amount: number }): void {
    this.stars.addPayment(payment);
  }

  // --- HTTP ------------------------------------------------------------------------------------

  protected async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && file) return this.download(file[2]!, res);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });

    const call = await this.readCall(req, url, match);
    const reply = recordRequest(this.calls, call, res);
    if (this.outage) {
      req.socket.destroy();
      return;
    }

    const delay = this.delays.get(call.method);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    await this.held.pass(call.method);

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
    const answered = (await this.updates.answer(call.method, p, req, res)) ?? this.stars.answer(call.method, p);
    if (answered !== undefined) return answered;
    switch (call.method) {
      case 'getMe':
        return BOT_USER;
      case 'setMyCommands':
      case 'setChatMenuButton':
      case 'setMyDescription':
      case 'setMyShortDescription':
      case 'answerCallbackQuery':
      case 'answerInlineQuery':
      case 'deleteMessage':
        return true;
      case 'savePreparedInlineMessage':
        return this.savePreparedInlineMessage(p);
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
}

export async function startFakeBotApi(): Promise<FakeBotApi> {
  return new FakeBotApi().start();
}
