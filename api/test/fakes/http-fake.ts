import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every fake remote API (Stripe, toncenter, the Bot API) shares: an HTTP server on 127.0.0.1 at a
 * port the system picks, bodies read the way each API's client sends them, a record of the requests with
 * the status each got, scripted failures, and a close that never waits on an open connection.
 */
export abstract class HttpFake {
  private server = http.createServer((req, res) => void this.route(req, res));
  /** http://127.0.0.1:<port>, once started. */
  protected url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    // Keep-alive sockets and held long polls would otherwise keep close() waiting.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  protected abstract route(req: http.IncomingMessage, res: http.ServerResponse): void | Promise<void>;
}

/** The next failures a fake answers with, queued per key (a Bot API method; one queue when a fake has no methods). */
export class ScriptedFailures<Failure> {
  private queues = new Map<string, Failure[]>();

  add(failure: Failure, times: number, key = ''): void {
    const queue = this.queues.get(key) ?? [];
    for (let i = 0; i < times; i++) queue.push(failure);
    this.queues.set(key, queue);
  }

  next(key = ''): Failure | undefined {
    return this.queues.get(key)?.shift();
  }
}

/** A call a test holds unanswered until it lets it go: the test, not a timer, decides when a slow call ends. */
export interface HeldCall {
  /** Resolves once the call has come in and is held. */
  reached: Promise<void>;
  release(): void;
}

/** Calls held per key (a Bot API method): after `after` more calls of the key, the next one waits. */
export class HeldCalls {
  private waiting = new Map<string, { after: number; reach: () => void; released: Promise<void> }>();
  private releases: Array<() => void> = [];

  hold(key: string, after: number): HeldCall {
    let reach = () => {};
    let release = () => {};
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.waiting.set(key, { after, reach, released });
    this.releases.push(release);
    return { reached, release };
  }

  /** Resolves at once, or for the held call once the test releases it. */
  async pass(key: string): Promise<void> {
    const hold = this.waiting.get(key);
    if (!hold) return;
    if (hold.after > 0) {
      hold.after--;
      return;
    }
    this.waiting.delete(key);
    hold.reach();
    await hold.released;
  }

  /** A fake that closes lets every held call go. */
  releaseAll(): void {
    for (const release of this.releases) release();
  }
}

/**
 * Keeps `entry` in `log` and returns how to answer it: the status goes into the entry (0 until then, and for a
 * dropped connection), the body out as JSON.
 */
export function recordRequest<Entry extends { status: number }>(
  log: Entry[],
  entry: Entry,
  res: http.ServerResponse,
  headers: () => http.OutgoingHttpHeaders = () => ({}),
): (status: number, body: unknown) => void {
  log.push(entry);
  return (status, body) => {
    entry.status = status;
    sendJson(res, status, body, headers());
  };
}

/** Answers with a JSON body, unless the client has gone (a long poll it gave up, a dropped connection). */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Stripe's form encoding: `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }. */
export function parseForm(body: Buffer): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) slot[part] = value;
      else {
        slot[part] ??= nextIsIndex ? [] : {};
        node = slot[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export interface MultipartPart {
  name: string;
  filename: string | undefined;
  data: Buffer;
}

/** A minimal multipart/form-data reader: what grammY's encoder sends, nothing more general. */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, data, CRLF before the next delimiter.
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line)) ?? '';
    const name = /name="?([^";\r\n]+)"?/i.exec(disposition.replace(/filename=[^;]*/i, ''))?.[1];
    const filename = /filename="?([^";\r\n]+)"?/i.exec(disposition)?.[1];
    if (name) parts.push({ name, filename, data: Buffer.from(part.subarray(headerEnd + 4)) });
    start = next;
  }
  return parts;
}
