/**
 * The buyers of `npm run bench:drop`, in their own process so they do not share the API's event loop.
 * Reads { base, packId, tokens, connections } as JSON on stdin; each of `connections` loops takes the next
 * buyer, reserves (POST /api/marketplace/buy) and, when it got an order, pays it on the demo rail
 * (POST /api/orders/:id/demo-pay). Prints one JSON line: statuses and latencies (ms) of both steps, and
 * when the first request left and the last payment answered.
 */
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
}

async function timed(
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; ms: number; json: unknown }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json: unknown = await res.json();
  return { status: res.status, ms: performance.now() - started, json };
}

async function main(): Promise<void> {
  const input = JSON.parse(await text(process.stdin)) as Input;
  const result: BuyersResult = { buyStatuses: {}, payStatuses: {}, buyMs: [], payMs: [], startedAt: 0, lastPaidAt: 0 };
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
  process.stdout.write(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
