import type http from 'node:http';
import { HttpFake, parseMultipart, readBody } from './http-fake.js';
import { parseField, type RecordedCall } from './bot-api-protocol.js';

/** The methods that send a message to a chat. */
export const MESSAGE_METHODS = new Set(['sendMessage', 'sendPhoto', 'sendSticker', 'sendDocument', 'copyMessage']);

/**
 * What the Bot API stand-in was asked, in order, and the questions tests ask of it: calls by method,
 * messages by chat, what users actually received.
 */
export abstract class BotApiRecord extends HttpFake {
  readonly calls: RecordedCall[] = [];

  /** A request as a call: its method and token from the path, its parameters from JSON, multipart or query. */
  protected async readCall(req: http.IncomingMessage, url: URL, match: RegExpExecArray): Promise<RecordedCall> {
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
    return call;
  }

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
}
