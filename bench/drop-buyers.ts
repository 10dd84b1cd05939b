/**
 * The buyers of `npm run bench:drop`, in their own process so they do not share the API's event loop.
 * Reads { base, packId, tokens, connections } as JSON on stdin; each of `connections` loops takes the next
 * buyer, reserves (POST /api/marketplace/buy) and, when it got an order, pays it on the demo rail
 * (POST /api/orders/:id/demo-pay). Prints one JSON line: statuses and latencies (ms) of both steps, and
 * when the first request left and the last payment answered, and the CPU this process used.
 */
import http from 'node:http';
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
  payMs: number[];
  startedAt: number;
  lastPaidAt: number;
  /** CPU this process spent sending and reading, for the report: it shares the machine with the server. */
  cpuMs: number;
}

/**
 * node:http over a keep-alive agent of exactly `connections` sockets, like autocannon: on a 2-core machine
 * the load generator's CPU is taken from the server it measures, and fetch (undici) cost this process more
 * CPU per request than the API spent answering it.
 */
let agent: http.Agent;

function timed(url: string, token: string, body?: unknown): Promise<{ status: number; ms: number; json: unknown }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? { 'content-length': '0' }
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const json: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, json });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function main(): Promise<void> {
  const input = JSON.parse(await text(process.stdin)) as Input;
  agent = new http.Agent({ keepAlive: true, maxSockets: input.connections });
  const cpuBefore = process.cpuUsage();
  const result: BuyersResult = {
    buyStatuses: {},
    payStatuses: {},
    buyMs: [],
    payMs: [],
    startedAt: 0,
    lastPaidAt: 0,
    cpuMs: 0,
  };
  const count = (into: Record<string, number>, status: number) => (into[status] = (into[status] ?? 0) + 1);
  let next = 0;
  result.startedAt = Date.now();
  const buyer = async () => {
    while (next < input.tokens.length) {
      const token = input.tokens[next++]!;
      const buy = await timed(`${input.base}/api/marketplace/buy`, token, {
        stickerId: input.packId,
        paymentMethod: 'demo',
      });
      count(result.buyStatuses, buy.status);
      result.buyMs.push(buy.ms);
      // 200: a retried buy found the reservation its first attempt made.
      if (buy.status !== 201 && buy.status !== 200) continue;
      const orderId = (buy.json as { order: { id: string } }).order.id;
      const pay = await timed(`${input.base}/api/orders/${orderId}/demo-pay`, token);
      count(result.payStatuses, pay.status);
      result.payMs.push(pay.ms);
      result.lastPaidAt = Date.now();
    }
  };
  await Promise.all(Array.from({ length: input.connections }, buyer));
  const cpu = process.cpuUsage(cpuBefore);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  agent.destroy();
  process.stdout.write(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
