/** What every drop of `npm run bench:drop` starts from: the creator, the buyers, the pack. */
import { sql } from 'drizzle-orm';
import type { Database } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';

export const CREATOR_ID = 900_000_000;
export const FIRST_BUYER_ID = 900_000_001;
/** One TON: in Stars, STARS_PER_TON of them. */
export const PRICE_NANO = 1_000_000_000n;

export async function seedPeople(db: Database, buyers: number): Promise<void> {
  await db.insert(tables.users).values({ id: CREATOR_ID, firstName: 'Drop creator', isCreator: true });
  await db.execute(sql`
    insert into users (id, first_name)
    select ${FIRST_BUYER_ID} + g, 'Buyer ' || g from generate_series(0, ${buyers - 1}) g`);
}

export async function insertPack(db: Database, title: string, maxSupply: number): Promise<number> {
  const [pack] = await db
    .insert(tables.packs)
    .values({ creatorId: CREATOR_ID, title, priceNano: PRICE_NANO, maxSupply })
    .returning({ id: tables.packs.id });
  return pack!.id;
}
