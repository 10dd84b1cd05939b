import { sql } from 'drizzle-orm';
import type { Database } from '@stickerdrop/core';

const COLLECTORS = 200;
const FIRST_COLLECTOR_ID = 800_000_000;
const RESALE_PACKS = 50;
const EDITIONS_PER_PACK = 20;

/**
 * A secondary market on top of the bench catalogue, for the resale reads: the first 50 bench packs sold
 * 20 editions each (paid demo orders) to 200 collectors, every other edition listed at 1.5× its price, and
 * the feed those leave (mint and list per edition, a sale for every fourth). Set-based, a few hundred ms.
 * Returns the id of a pack with listings.
 */
export async function seedBenchResale(db: Database, now = new Date()): Promise<number> {
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, first_name, username)
      select ${FIRST_COLLECTOR_ID} + g, 'Collector ' || g, 'collector_' || g from generate_series(0, ${COLLECTORS - 1}) g`);
    await tx.execute(sql`
      with picked as (select id, price_nano from packs where creator_id <= -1000 order by id limit ${RESALE_PACKS}),
      sold as (
        insert into orders (user_id, pack_id, status, payment_method, payment_ref, amount_nano, expires_at, paid_at, created_at)
        select ${FIRST_COLLECTOR_ID} + (p.id * ${EDITIONS_PER_PACK} + s) % ${COLLECTORS}, p.id, 'paid', 'demo',
          'bench:' || p.id || ':' || s, p.price_nano, ${at}::timestamptz, ${at}::timestamptz - s * interval '1 hour',
          ${at}::timestamptz - s * interval '1 hour'
        from picked p cross join generate_series(1, ${EDITIONS_PER_PACK}) s
        returning id, user_id, pack_id, amount_nano, payment_ref, paid_at)
      insert into editions (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at)
      select pack_id, split_part(payment_ref, ':', 3)::int, user_id, id, amount_nano, 'demo', paid_at from sold`);
    await tx.execute(sql`
      update packs p set sold_count = (select count(*) from editions e where e.pack_id = p.id)
      where p.id in (select distinct pack_id from editions)`);
    await tx.execute(sql`
      insert into listings (edition_id, pack_id, seller_id, price_nano, created_at, updated_at)
      select e.id, e.pack_id, e.owner_id, e.purchase_price_nano * 3 / 2, e.acquired_at + interval '10 minutes',
        e.acquired_at + interval '10 minutes'
      from editions e where e.serial % 2 = 1`);
    await tx.execute(sql`
      insert into activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
      select * from (
        select e.pack_id, e.id, e.serial, 'mint', e.purchase_price_nano, null::bigint, e.owner_id, e.acquired_at
        from editions e
        union all
        select l.pack_id, l.edition_id, e.serial, 'list', l.price_nano, l.seller_id, null, l.created_at
        from listings l join editions e on e.id = l.edition_id
        union all
        select e.pack_id, e.id, e.serial, 'sale', e.purchase_price_nano * 5 / 4, e.owner_id,
          ${FIRST_COLLECTOR_ID} + (e.owner_id + 7) % ${COLLECTORS}, e.acquired_at + interval '5 minutes'
        from editions e where e.serial % 4 = 0
      ) feed order by 8`);
  });
  const rows = (await db.execute(sql`select min(pack_id) as id from listings`)) as unknown as {
    rows: { id: number }[];
  };
  return Number(rows.rows[0]!.id);
}
