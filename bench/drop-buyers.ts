/**
 * The buyers of `npm run bench:drop`, in their own process so they do not share the API's event loop, with
 * the stand-ins of Telegram (Stars) or of the TON indexer (TON) the rail needs. Started with the rail as its
 * argument; tells its parent { ready, telegramApiRoot, indexerUrl } over IPC, then runs each { drop } it is
 * sent: opens `connections` connections, each of which loads the pack page (GET /api/stickers/:id) so the
 * server has accepted it; then each loop takes the next buyer, reserves (POST /api/marketplace/buy) and, when
 * it got an order, pays it (drop-pay.ts). Answers { result }: statuses and latencies (ms) of both steps, when
 * the first request left and the last payment answered, the CPU this process used, and for TON when each
 * transfer landed. On { stop } it answers what the stand-ins saw and exits.
 */
import { startTelegramStandIn, WebhookSender, type TelegramStandIn } from './telegram-stand-in.js';
import { startToncenterStandIn, type ToncenterStandIn } from './toncenter-stand-in.js';
import { openConnections, type Connection } from './http-connection.js';
import { demoPay, starsPay, tonPay, type Buyer, type Pay, type Rail } from './drop-pay.js';

export interface DropInput {
  base: string;
  packId: number;
  buyers: Buyer[];
  connections: number;
  /** The bot's webhook (Stars): where Telegram posts, on which path, with which secret. */
  webhook?: { address: string; path: string; secret: string };
}

export interface BuyersResult {
  buyStatuses: Record<string, number>;
  payStatuses: Record<string, number>;
  buyMs: number[];
  /** When each buy (same order as buyMs) left, in ms after the drop began: where a slow tail starts. */
  buyAtMs: number[];
  /** Until the buyer saw the payment through; empty for TON, whose payments the watcher settles later. */
  payMs: number[];
  startedAt: number;
  lastPaidAt: number;
  /** CPU this process spent sending and reading, for the report: it shares the machine with the server. */
  cpuMs: number;
  /** TON: when each order's transfer landed in the indexer (ms since the epoch), by order id. */
  landedAt: Record<string, number>;
}

export interface StandInReport {
  /** Messages the bot sent, and of them the same text to the same chat again. */
  messages: number;
  repeated: number;
  refunds: number;
}

export type FromBuyers =
  | { ready: true; telegramApiRoot?: string; indexerUrl?: string }
  | { result: BuyersResult }
  | { standIns: StandInReport };
export type ToBuyers = { drop: DropInput } | { stop: true };

const rail = process.argv[2] as Rail;
const telegram: TelegramStandIn | undefined = rail === 'stars' ? await startTelegramStandIn() : undefined;
const indexer: ToncenterStandIn | undefined = rail === 'ton' ? await startToncenterStandIn() : undefined;

function tell(message: FromBuyers): void {
  process.send!(message);
}

async function payFor(input: DropInput): Promise<{ pay: Pay; done(): void }> {
  if (rail === 'stars') {
    const webhook = await WebhookSender.open(input.webhook!, telegram!);
    return { pay: starsPay(telegram!, webhook), done: () => webhook.close() };
  }
  return { pay: rail === 'ton' ? tonPay(indexer!) : demoPay(), done: () => {} };
}

async function drop(input: DropInput): Promise<BuyersResult> {
  const cpuBefore = process.cpuUsage();
  const result: BuyersResult = {
    ...{ buyStatuses: {}, payStatuses: {}, buyMs: [], buyAtMs: [], payMs: [] },
    ...{ startedAt: 0, lastPaidAt: 0, cpuMs: 0, landedAt: {} },
  };
  const count = (into: Record<string, number>, status: string) => (into[status] = (into[status] ?? 0) + 1);
  const { pay, done } = await payFor(input);
  indexer?.landedAt.clear();
  // Open before the drop does, as a buyer's mini-app is, and load the pack page: a finished handshake only
  // means the kernel queued the connection, and the server, busy with the drop, would accept the last of
  // them well into it.
  const connections = await openConnections(new URL(input.base), input.connections, `/api/stickers/${input.packId}`);
  let next = 0;
  result.startedAt = Date.now();
  const began = performance.now();
  const buyer = async (connection: Connection) => {
    while (next < input.buyers.length) {
      const buyer = input.buyers[next++]!;
      const leftAt = performance.now();
      const buy = await connection.post(
        '/api/marketplace/buy',
        { authorization: `Bearer ${buyer.token}` },
        {
          stickerId: input.packId,
          paymentMethod: rail,
        },
      );
      const paying = performance.now();
      count(result.buyStatuses, String(buy.status));
      // Pushed together: the buys answer in another order than they left.
      result.buyMs.push(paying - leftAt);
      result.buyAtMs.push(leftAt - began);
      // 200: a retried buy found the reservation its first attempt made.
      if (buy.status !== 201 && buy.status !== 200) continue;
      const paid = await pay(connection, buyer, (buy.json as { order: Parameters<Pay>[2] }).order);
      count(result.payStatuses, paid);
      if (rail !== 'ton') result.payMs.push(performance.now() - paying);
      result.lastPaidAt = Date.now();
    }
    connection.close();
  };
  await Promise.all(connections.map(buyer));
  done();
  const cpu = process.cpuUsage(cpuBefore);
  result.cpuMs = (cpu.user + cpu.system) / 1000;
  if (indexer) result.landedAt = Object.fromEntries(indexer.landedAt);
  return result;
}

process.on('message', (message: ToBuyers) => {
  if ('drop' in message) {
    drop(message.drop).then(
      (result) => tell({ result }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
    return;
  }
  const standIns = {
    messages: telegram?.messages ?? 0,
    repeated: telegram?.repeated ?? 0,
    refunds: telegram?.refunds ?? 0,
  };
  process.send!({ standIns } satisfies FromBuyers, () => process.exit(0));
});
tell({ ready: true, telegramApiRoot: telegram?.apiRoot, indexerUrl: indexer?.indexerUrl });
