import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { editions, orders } from './schema.js';
import { perHandle } from './prepared.js';
import { inAskedOrder } from './sql-rows.js';
import { readsTogether } from './batches.js';

export type OrderRow = typeof orders.$inferSelect;

/** An order with the serial of the edition it bought (null until paid). */
export interface OrderRecord extends OrderRow {
  edition: number | null;
}

type OrderColumns = ReturnType<typeof getTableColumns<typeof orders>>;

/**
 * A select of every column of an `orders` row that a database function answers as one composite value
 * (`composite` is e.g. r.reserved): drizzle decodes each field as it decodes the table's own column.
 */
export function orderColumnsOf(composite: SQL): { [K in keyof OrderColumns]: SQL.Aliased<OrderRow[K]> } {
  const columns = Object.entries(getTableColumns(orders)).map(([key, column]) => [
    key,
    sql`(${composite}).${sql.identifier(column.name)}`.mapWith(column).as(`order_${column.name}`),
  ]);
  return Object.fromEntries(columns) as { [K in keyof OrderColumns]: SQL.Aliased<OrderRow[K]> };
}

/** A primary order's edition is the one it minted; a resale order's the one it buys (known from the start). */
const editionOfOrder = or(eq(editions.orderId, orders.id), eq(editions.id, orders.editionId));

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRecord | null> {
  const [row] = await db
    .select({ order: orders, edition: editions.serial })
    .from(orders)
    .leftJoin(editions, editionOfOrder)
    .where(eq(orders.id, orderId));
  return row ? { ...row.order, edition: row.edition } : null;
}

/** The order when it belongs to the user; someone else's order is as absent as an unknown one. */
export function findUserOrder(db: DbOrTx, orderId: string, userId: number): Promise<OrderRecord | null> {
  // Every payment and order page reads its order first.
  return readUserOrder(db, 0, { orderId, userId });
}

interface UserOrderKey {
  orderId: string;
  userId: number;
}

/**
 * Prepared (prepared.ts), for any number of orders: those asked for while the previous read runs are read
 * together.
 */
const preparedUserOrders = perHandle((db: DbOrTx) =>
  db
    .select({ n: sql<number>`r.n`.mapWith(Number), order: orders, edition: editions.serial })
    .from(
      sql`unnest(${sql.placeholder('orderIds')}::uuid[], ${sql.placeholder('userIds')}::bigint[])
        with ordinality as r(order_id, user_id, n)`,
    )
    .innerJoin(orders, and(eq(orders.id, sql`r.order_id`), eq(orders.userId, sql`r.user_id`)))
    .leftJoin(editions, editionOfOrder)
    .prepare('user_orders'),
);

async function userOrdersOf(db: DbOrTx, keys: UserOrderKey[]): Promise<(OrderRecord | null)[]> {
  const rows = await preparedUserOrders(db).execute({
    orderIds: keys.map((k) => k.orderId),
    userIds: keys.map((k) => k.userId),
  });
  return inAskedOrder(rows, keys.length).map((row) => (row ? { ...row.order, edition: row.edition } : null));
}

const readUserOrder = readsTogether((db: DbOrTx, _: 0, keys: UserOrderKey[]) => userOrdersOf(db, keys));
