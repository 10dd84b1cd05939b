import net from 'node:net';

export interface Answer {
  status: number;
  /** The parsed JSON body; null when the body is empty (a webhook's bare 200). */
  json: unknown;
}

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer, nothing else: on a
 * 2-core machine the load generator's CPU is taken from the server it measures, and node:http cost
 * this process a third of a millisecond per request (fetch more), as much as the API spent on a
 * refusal. Like autocannon, it writes the request as one string and reads the status line and
 * Content-Length itself (Fastify and node:http send one).
 */
export class Connection {
  private socket: net.Socket;
  private pending: Buffer = Buffer.alloc(0);
  private waiting: { resolve(answer: Answer): void; reject(error: Error): void } | null = null;

  /** Settles once the connection is open (or failed). */
  readonly opened: Promise<void>;

  constructor(private readonly url: URL) {
    this.socket = net.connect(Number(url.port), url.hostname);
    this.opened = new Promise((resolve, reject) => this.socket.once('connect', resolve).once('error', reject));
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
  }

  post(path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    return this.send(
      `POST ${path} HTTP/1.1\r\nhost: ${this.url.host}\r\n${lines.join('')}` +
        (payload ? 'content-type: application/json\r\n' : '') +
        `content-length: ${Buffer.byteLength(payload)}\r\n\r\n` +
        payload,
    );
  }

  get(path: string): Promise<Answer> {
    return this.send(`GET ${path} HTTP/1.1\r\nhost: ${this.url.host}\r\n\r\n`);
  }

  private send(request: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const headEnd = this.pending.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.pending.toString('latin1', 0, headEnd);
    const body = bodyOf(head, this.pending, headEnd + 4);
    if (body === 'incomplete') return;
    if (body === 'unknown') return this.waiting?.reject(new Error(`no content-length in ${head}`));
    const json: unknown = body.text ? JSON.parse(body.text) : null;
    this.pending = this.pending.subarray(body.end);
    const waiting = this.waiting!;
    this.waiting = null;
    waiting.resolve({ status: Number(head.slice(9, 12)), json });
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * The body after the head: by Content-Length, or chunked (node:http's answer to a bare `end()` on a
 * keep-alive connection, as the bot's webhook sends).
 */
function bodyOf(head: string, data: Buffer, start: number): { text: string; end: number } | 'incomplete' | 'unknown' {
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const end = start + Number(length[1]);
    return data.length < end ? 'incomplete' : { text: data.toString('utf8', start, end), end };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return 'unknown';
  let text = '';
  for (let at = start; ;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return 'incomplete';
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    const end = lineEnd + 2 + size + 2;
    if (data.length < end) return 'incomplete';
    if (size === 0) return { text, end };
    text += data.toString('utf8', lineEnd + 2, lineEnd + 2 + size);
    at = end;
  }
}

/** Connections opened together, each one's first answer awaited (see the buyers: the server has accepted them). */
export async function openConnections(base: URL, count: number, firstPath: string): Promise<Connection[]> {
  const connections = Array.from({ length: count }, () => new Connection(base));
  await Promise.all(connections.map((connection) => connection.opened));
  await Promise.all(
    connections.map(async (connection) => {
      const { status } = await connection.get(firstPath);
      if (status !== 200) throw new Error(`${firstPath} answered ${status}`);
    }),
  );
  return connections;
}
