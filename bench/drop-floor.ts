/**
 * The floor beside each drop of `npm run bench:drop`: the database work a sale needs, as plain SQL through
 * `pg` alone, on a fresh database of its own with the same buyers, the same pool size and as many buyers at
 * once as the drop has connections. Reserve: one statement counts the reservation against the supply (a
 * counter row, so the check and the count are one atomic update) and writes the order. Settle: one
 * transaction writes the payment's ledger row (unique per reference), marks the order paid, queues the
 * receipt and the sale notice, and mints the next serial under the pack's row lock, last, so the lock is
 * held for the commit only. No HTTP, no framework, no rules beyond these: what a drop spends above it is
 * what the marketplace adds.
 */
import pg from 'pg';

export interface FloorInput {
  url: string;
  packId: number;
  buyerIds: number[];
  /** Buyers at once (the drop's connections). */
  concurrency: number;
  /** Database connections (the API's pool). */
  poolSize: number;
}

export interface FloorFigures {
  rate: number;
  buyMs: number[];
  payMs: number[];
  settled: number;
  /** Editions of the pack and distinct serials among them, read back afterwards. */
  editions: { n: number; distinct: number; max: number };
}

const RESERVE = `
  with counted as (
    update floor_supply set reserved = reserved + 1
    where pack_id = $1 and reserved < max_supply
      and not exists (select 1 from editions e where e.pack_id = $1 and e.owner_id = $2)
    returning pack_id)
  insert into orders (user_id, pack_id, payment_method, amount_nano, expires_at)
  select $2, p.id, 'floor', p.price_nano, now() + interval '15 minutes' from counted join packs p on p.id = counted.pack_id
  returning id, amount_nano`;

const MINT = `
  with counted as (
    update packs set sold_count = sold_count + 1 where id = $1 and sold_count < max_supply returning sold_count)
  insert into editions (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at)
  select $1, sold_count, $2, $3, $4, 'floor', now() from counted
  returning serial`;

export async function runFloor(input: FloorInput): Promise<FloorFigures> {
  const pool = new pg.Pool({ connectionString: input.url, max: input.poolSize });
  try {
    await pool.query(`create table if not exists floor_supply (pack_id integer primary key, reserved integer not null,
      max_supply integer not null)`);
    await pool.query(`insert into floor_supply select id, 0, max_supply from packs where id = $1`, [input.packId]);
    // Every connection open first, as the API's pool is after its warm-up.
    const clients = await Promise.all(Array.from({ length: input.poolSize }, () => pool.connect()));
    for (const client of clients) client.release();
    const figures = await buyAll(pool, input);
    const read = await pool.query<{ n: number; distinct: number; max: number }>(
      `select count(*)::int as n, count(distinct serial)::int as distinct, coalesce(max(serial), 0)::int as max
       from editions where pack_id = $1`,
      [input.packId],
    );
    return { ...figures, editions: read.rows[0]! };
  } finally {
    await pool.end();
  }
}

async function buyAll(pool: pg.Pool, input: FloorInput): Promise<Omit<FloorFigures, 'editions'>> {
  const buyMs: number[] = [];
  const payMs: number[] = [];
  let next = 0;
  let settled = 0;
  let lastSettled = 0;
  const started = performance.now();
  const buyer = async () => {
    while (next < input.buyerIds.length) {
      const buyerId = input.buyerIds[next++]!;
      const leftAt = performance.now();
      const reserved = await pool.query<{ id: string; amount_nano: string }>(RESERVE, [input.packId, buyerId]);
      const paying = performance.now();
      buyMs.push(paying - leftAt);
      const order = reserved.rows[0];
      if (!order) continue;
      if (await settle(pool, input.packId, buyerId, order)) settled++;
      lastSettled = performance.now();
      payMs.push(lastSettled - paying);
    }
  };
  await Promise.all(Array.from({ length: input.concurrency }, buyer));
  return { rate: settled / ((lastSettled - started) / 1000), buyMs, payMs, settled };
}

async function settle(pool: pg.Pool, packId: number, buyerId: number, order: { id: string; amount_nano: string }) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const ref = `floor-${order.id}`;
    const claimed = await client.query(
      `insert into payments (method, ref, order_id, amount, currency, outcome) values ('floor', $1, $2, $3, 'TON',
       'fulfilled') on conflict (method, ref) do nothing returning id`,
      [ref, order.id, order.amount_nano],
    );
    const paid = await client.query(
      `update orders set status = 'paid', paid_at = now(), payment_ref = $2 where id = $1 and status = 'reserved'`,
      [order.id, ref],
    );
    if (claimed.rowCount !== 1 || paid.rowCount !== 1) throw new Error(`order ${order.id} settled twice`);
    const payload = JSON.stringify({ orderId: order.id, packId, buyerId, amount: order.amount_nano });
    await client.query(
      `insert into outbox (kind, dedupe_key, payload) values ('purchase_receipt', $1, $3), ('sale_notice', $2, $3)`,
      [`receipt:${order.id}`, `sale:${order.id}`, payload],
    );
    const minted = await client.query(MINT, [packId, buyerId, order.id, order.amount_nano]);
    await client.query('commit');
    return minted.rowCount === 1;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
