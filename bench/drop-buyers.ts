/**
 * The buyers of `npm run bench:drop`, in their own process so they do not share the API's event loop.
 * Reads { base, packId, tokens, connections } as JSON on stdin; opens `connections` connections, then each
 * loop takes the next buyer, reserves (POST /api/marketplace/buy) and, when it got an order, pays it on the
 * demo rail (POST /api/orders/:id/demo-pay). Before the drop each connection loads the pack (GET
 * /api/stickers/:id), so the server has accepted it. Prints one JSON line: statuses and latencies (ms) of both
 * steps, when the first request left and the last payment answered, and the CPU this process used.
 */
import net from 'node:net';
import { text } from 'node:stream/consumers';

interface Input {
  base: string;
  packId: number;
  tokens: string[];
  connections: number;
}

export interface BuyersResult {
  buyStatuses: Record<string, number>;
  payStatuses: Record<string, number>;
  buyMs: number[];
  /** When each buy (same order as buyMs) left, in ms after the drop began: where a slow tail starts. */
  buyAtMs: number[];
  payMs: number[];
  startedAt: number;
  lastPaidAt: number;
  /** CPU this process spent sending and reading, for the report: it shares the machine with the server. */
  cpuMs: number;
}

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer, nothing else: on a
 * 2-core machine the load generator's CPU is taken from the server it measures, and node:http cost
 * this process a third of a millisecond per request (fetch more), as much as the API spent on a
 * refusal. Like autocannon, it writes the request as one string and reads the status line and
 * Content-Length itself (Fastify always sends one).
 */
class Connection {
  private socket: net.Socket;
  private pending: Buffer = Buffer.alloc(0);
  private waiting: { resolve(answer: { status: number; json: unknown }): void; reject(error: Error): void } | null =
    null;

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

  post(path: string, token: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    return this.send(
      `POST ${path} HTTP/1.1\r\nhost: ${this.url.host}\r\nauthorization: Bearer ${token}\r\n` +
        (payload ? 'content-type: application/json\r\n' : '') +
        `content-length: ${Buffer.byteLength(payload)}\r\n\r\n` +
        payload,
    );
  }

  get(path: string): Promise<{ status: number; json: unknown }> {
    return this.send(`GET ${path} HTTP/1.1\r\nhost: ${this.url.host}\r\n\r\n`);
  }

  private send(request: string): Promise<{ status: number; json: unknown }> {
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
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.waiting?.reject(new Error(`no content-length in ${head}`));
    const end = headEnd + 4 + Number(length[1]);
    if (this.pending.length < end) return;
    const json: unknown = JSON.parse(this.pending.toString('utf8', headEnd + 4, end));
    this.pending = this.pending.subarray(end);
    const waiting = this.waiting!;
    this.waiting = null;
    waiting.resolve({ status: Number(head.slice(9, 12)), json });
  }

  close(): void {
    this.socket.destroy();
  }
}

async function expectOk(answer: Promise<{ status: number }>): Promise<void> {
  const { status } = await answer;
  if (status !== 200) throw new Error(`the pack page answered ${status}`);
}

async function timed(
  connection: Connection,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; ms: number; json: unknown }> {
  const started = performance.now();
  const { status, json } = await connection.post(path, token, body);
  return { status, ms: performance.now() - started, json };
}

async function main(): Promise<void> {
  const input = JSON.parse(await text(process.stdin)) as Input;
  const cpuBefore = process.cpuUsage();
  const result: BuyersResult = {
    buyStatuses: {},
    payStatuses: {},
    buyMs: [],
    buyAtMs: [],
    payMs: [],
    startedAt: 0,
    lastPaidAt: 0,
    cpuMs: 0,
  };
  const count = (into: Record<string, number>, status: number) => (into[status] = (into[status] ?? 0) + 1);
  let next = 0;
  const base = new URL(input.base);
  // Open before the drop does, as a buyer's mini-app is: the drop measures buying, not 100 TCP handshakes
  // at its first millisecond. Each connection also loads the pack page first, as the mini-app did: a
  // finished handshake only means the kernel queued the connection, and the server, busy with the drop,
  // accepted the last of 100 queued ones up to 280 ms into it, which was every slow buy of a missed p99.
  const connections = Array.from({ length: input.connections }, () => new Connection(base));
  await Promise.all(connections.map((connection) => connection.opened));
  await Promise.all(connections.map((connection) => expectOk(connection.get(`/api/stickers/${input.packId}`))));
  result.startedAt = Date.now();
  const began = performance.now();
  const buyer = async (connection: Connection) => {
    while (next < input.tokens.length) {
      const token = input.tokens[next++]!;
      const leftAt = performance.now() - began;
      const buy = await timed(connection, '/api/marketplace/buy', token, {
        stickerId: input.packId,
        paymentMethod: 'demo',
      });
      count(result.buyStatuses, buy.status);
      // Pushed together: the buys answer in another order than they left.
      result.buyMs.push(buy.ms);
      result.buyAtMs.push(leftAt);
      // 200: a retried buy found the reservation its first attempt made.
      if (buy.status !== 201 && buy.status !== 200) continue;
      const orderId = (buy.json as { order: { id: string } }).order.id;
      const pay = await timed(connection, `/api/orders/${orderId}/demo-pay`, token);
      count(result.payStatuses, pay.status);
      result.payMs.push(pay.ms);
      result.lastPaidAt = Date.now();
    }
    connection.close();
  };
  await Promise.all(connections.map(buyer));
  const cpu = process.cpuUsage(cpuBefore);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  process.stdout.write(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
