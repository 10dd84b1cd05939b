/**
 * What must hold after every drop of `npm run bench:drop`, whatever the speed: exactly one edition per
 * serial, one payment and one receipt per edition, nobody with two, the rest turned away; on Stars no
 * refund and no buyer messaged twice. Each failure is a sentence.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@stickerdrop/core';
import type { BuyersResult, StandInReport } from './drop-buyers.js';
import type { Rail } from './drop-pay.js';

export interface DropSize {
  editions: number;
  buyers: number;
}

interface Counts {
  editions: number;
  serials: number;
  min: number;
  max: number;
  owners: number;
  paid_orders: number;
  payments: number;
  paid_by_one: number;
  receipts: number;
  receipt_buyers: number;
}

async function countsOf(db: Database, packId: number, rail: Rail): Promise<Counts> {
  const result = (await db.execute(sql`
    select
      (select count(*) from editions where pack_id = ${packId})::int as editions,
      (select count(distinct serial) from editions where pack_id = ${packId})::int as serials,
      (select coalesce(min(serial), 0) from editions where pack_id = ${packId})::int as min,
      (select coalesce(max(serial), 0) from editions where pack_id = ${packId})::int as max,
      (select count(distinct owner_id) from editions where pack_id = ${packId})::int as owners,
      (select count(*) from orders where pack_id = ${packId} and status = 'paid')::int as paid_orders,
      (select count(*) from payments p join orders o on o.id = p.order_id
        where o.pack_id = ${packId} and p.method = ${rail})::int as payments,
      (select count(distinct p.order_id) from payments p join orders o on o.id = p.order_id
        where o.pack_id = ${packId} and p.method = ${rail} and p.outcome = 'fulfilled')::int as paid_by_one,
      (select count(*) from outbox where kind = 'purchase_receipt'
        and (payload->>'packId')::int = ${packId})::int as receipts,
      (select count(distinct payload->>'buyerId') from outbox where kind = 'purchase_receipt'
        and (payload->>'packId')::int = ${packId})::int as receipt_buyers`)) as unknown as { rows: Counts[] };
  return result.rows[0]!;
}

export async function checkDrop(
  db: Database,
  input: { rail: Rail; packId: number; size: DropSize; buyers: BuyersResult; standIns?: StandInReport },
): Promise<string[]> {
  const { rail, size, buyers } = input;
  const c = await countsOf(db, input.packId, rail);
  const failures: string[] = [];
  const expect = (ok: boolean, sentence: string) => ok || failures.push(sentence);
  const n = size.editions;
  expect(
    c.editions === n && c.serials === n && c.min === 1 && c.max === n && c.owners === n,
    `editions ${JSON.stringify({ n: c.editions, serials: c.serials, min: c.min, max: c.max, owners: c.owners })}, expected serials 1…${n} once each, one per buyer`,
  );
  expect(c.paid_orders === n, `${c.paid_orders} paid orders, expected ${n}`);
  expect(
    c.receipts === n && c.receipt_buyers === n,
    `${c.receipts} receipts for ${c.receipt_buyers} buyers, expected ${n}`,
  );
  const refused = buyers.buyStatuses['409'] ?? 0;
  expect(
    refused === size.buyers - n,
    `${refused} × 409, expected ${size.buyers - n} (buys answered ${JSON.stringify(buyers.buyStatuses)})`,
  );
  if (rail !== 'demo') {
    expect(
      c.payments === n && c.paid_by_one === n,
      `${c.payments} ${rail} payments for ${c.paid_by_one} orders, expected ${n}`,
    );
  }
  const paid = Object.entries(buyers.payStatuses).filter(([status]) => !['200', 'paid', 'sent'].includes(status));
  expect(paid.length === 0, `payments answered ${JSON.stringify(buyers.payStatuses)}`);
  if (input.standIns) {
    const { messages, repeated } = input.standIns;
    expect(repeated === 0, `${repeated} of the bot's ${messages} messages were sent twice`);
    expect(input.standIns.refunds === 0, `${input.standIns.refunds} Stars refunds`);
  }
  return failures;
}
