import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { writesTogether } from '../db/batches.js';
import { perHandle } from '../db/prepared.js';
import { orderColumnsOf, type OrderRow } from '../db/order-record.js';
import type { RefundReason } from '../db/outbox-payloads.js';
import { enqueueOutboxMessages, type OutboxMessage } from '../outbox/enqueue.js';
import { editionSoldMessages, refundRequiredMessage } from '../sales/notices.js';
import type { FulfilInput } from '../sales/order.js';

/**
 * A reserved or lapsed primary order is settled by the database function `fulfil_primary_order`
 * (migrations 0007, 0012): in a drop every buyer waits for the pack's row lock, so it is held for the
 * database's work only, never across a round trip to this process. Payments that arrive together are
 * settled in one transaction (group commit), in the order they arrived. The function locks, decides and
 * writes the sale; the messages it calls for are queued here, in the same transaction, in one statement
 * for the whole batch.
 */

export interface FulfilAnswer {
  outcome: 'fulfilled' | RefundReason | 'missing' | 'ref_conflict' | 'other' | `error: ${string}`;
  serial: number | null;
  order: OrderRow;
  /** The pack's, when the function got as far as locking it. */
  title: string | null;
  maxSupply: number | null;
  creatorId: number | null;
}

/** One payment: alone in a savepoint inside a caller's transaction, else with the others arriving meanwhile. */
export function fulfilPrimary(db: DbOrTx, input: FulfilInput): Promise<FulfilAnswer> {
  return fulfilOne(db, 0, input);
}

const fulfilOne = writesTogether((tx, _: 0, inputs: FulfilInput[]) => fulfilTogether(tx, inputs), {
  inTransaction: true,
});

async function fulfilTogether(tx: DbOrTx, inputs: FulfilInput[]): Promise<FulfilAnswer[]> {
  const answers = (await preparedFulfilBatch(tx).execute({
    orderIds: inputs.map((i) => i.orderId),
    refs: inputs.map((i) => i.paymentRef),
    methods: inputs.map((i) => i.method ?? null),
    nows: inputs.map((i) => i.now.toISOString()),
  })) as FulfilAnswer[];
  const messages = answers.flatMap(messagesOf);
  if (messages.length > 0) await enqueueOutboxMessages(tx, messages as [OutboxMessage, ...OutboxMessage[]]);
  return answers;
}

/** What the buyer and the creator are told: a receipt and a sale notice, or the refund and its reason. */
function messagesOf(answer: FulfilAnswer): OutboxMessage[] {
  const { outcome, order, title, maxSupply, creatorId, serial } = answer;
  if (title === null) return [];
  const pack = { id: order.packId, title };
  if (outcome === 'fulfilled')
    return editionSoldMessages(order, { ...pack, maxSupply: maxSupply!, creatorId: creatorId! }, serial!);
  if (outcome !== 'sold_out' && outcome !== 'already_owned') return [];
  const payment = { method: order.paymentMethod, paymentRef: order.paymentRef! };
  return [refundRequiredMessage(order, pack, payment, outcome)];
}

/** Prepared (db/prepared.ts): a drop calls it hundreds of times, each a batch of arrays bound as parameters. */
const preparedFulfilBatch = perHandle((db: DbOrTx) =>
  db
    .select({
      outcome: sql<FulfilAnswer['outcome']>`r.outcome`,
      serial: sql<number | null>`r.minted_serial`,
      order: orderColumnsOf(sql`r.settled`),
      title: sql<string | null>`r.pack_title`,
      maxSupply: sql<number | null>`r.pack_max_supply`,
      creatorId: sql<number | null>`r.pack_creator_id`.mapWith(Number),
    })
    .from(
      sql`fulfil_primary_orders(${sql.placeholder('orderIds')}::uuid[], ${sql.placeholder('refs')}::text[],
        ${sql.placeholder('methods')}::text[], ${sql.placeholder('nows')}::timestamptz[]) as r`,
    )
    .prepare('fulfil_primary_orders'),
);
