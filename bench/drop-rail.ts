/**
 * One rail's part of a `npm run bench:drop` run: its floor (drop-floor.ts) on a fresh database, then the
 * drop itself on another: the server of the rail (drop-server.ts), the buyers and the rail's stand-ins in
 * their own process (drop-buyers.ts), an unmeasured warm-up drop of another pack first, a CHECKPOINT, the
 * measured drop, and the checks (drop-checks.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@stickerdrop/core';
import { apiPauses, describePauses, peakRss } from './api-pauses.js';
import { openBenchDatabase } from './database.js';
import type { BuyersResult, DropInput } from './drop-buyers.js';
import { checkDrop, type DropSize } from './drop-checks.js';
import { startBuyers, type BuyersProcess } from './drop-child.js';
import { runFloor, type FloorFigures } from './drop-floor.js';
import type { Rail } from './drop-pay.js';
import { FIRST_BUYER_ID, insertPack, seedPeople } from './drop-seed.js';
import { startDropServer, type DropServer } from './drop-server.js';
import { watchPaidOrders } from './drop-ton-settled.js';
import { profiled } from './profile.js';

/** The API's pool (database.ts opens it with 20). */
const POOL_SIZE = 20;

export interface DropFigures {
  rate: number;
  buyMs: number[];
  payMs: number[];
  rssMb: number;
  failures: string[];
}

export interface RailRun {
  rail: Rail;
  floor: FloorFigures;
  drop: DropFigures;
}

const warmUpOf = (size: DropSize): DropSize => ({
  editions: Math.max(1, Math.round(size.editions / 5)),
  buyers: Math.max(1, Math.round(size.buyers / 5)),
});
const buyerIds = (count: number) => Array.from({ length: count }, (_, i) => FIRST_BUYER_ID + i);

export async function railRun(rail: Rail, serverUrl: string, size: DropSize, connections: number): Promise<RailRun> {
  const floor = await floorRun(serverUrl, size, connections);
  const drop = await dropRun(rail, serverUrl, size, connections);
  return { rail, floor, drop };
}

async function floorRun(serverUrl: string, size: DropSize, connections: number): Promise<FloorFigures> {
  const database = await openBenchDatabase(serverUrl);
  try {
    const db = database.handle.db;
    await seedPeople(db, size.buyers);
    const warmUp = warmUpOf(size);
    const warmPack = await insertPack(db, 'Warm-up', warmUp.editions);
    const packId = await insertPack(db, 'The drop', size.editions);
    const input = { url: database.url!, concurrency: connections, poolSize: POOL_SIZE };
    await runFloor({ ...input, packId: warmPack, buyerIds: buyerIds(warmUp.buyers) });
    await db.execute(sql`checkpoint`);
    return await runFloor({ ...input, packId, buyerIds: buyerIds(size.buyers) });
  } finally {
    await database.dispose();
  }
}

async function dropRun(rail: Rail, serverUrl: string, size: DropSize, connections: number): Promise<DropFigures> {
  const database = await openBenchDatabase(serverUrl);
  const db = database.handle.db;
  const buyers = await startBuyers(rail);
  let server: DropServer | undefined;
  try {
    server = await startDropServer(rail, db, buyers.standIns);
    await seedPeople(db, size.buyers);
    const ids = buyerIds(size.buyers);
    const tokens = await Promise.all(ids.map((id) => server!.app.deps.tokens.sign(id)));
    const people = ids.map((id, i) => ({ id, token: tokens[i]! }));
    const warmUp = warmUpOf(size);
    const warmPack = await insertPack(db, 'Warm-up', warmUp.editions);
    const packId = await insertPack(db, 'The drop', size.editions);
    const input = (pack: number, count: number): DropInput => ({
      ...{ base: server!.base, packId: pack, buyers: people.slice(0, count), connections },
      ...(server!.webhook && { webhook: server!.webhook }),
    });
    // Like the read bench's warm-up: each pool connection plans the reserve and settle functions on its first
    // call (PL/pgSQL caches plans per session), which a server that has sold anything has done.
    await settledDrop(rail, db, buyers, input(warmPack, warmUp.buyers));
    await db.execute(sql`checkpoint`);
    const measured = await measure(rail, db, buyers, input(packId, size.buyers), packId);
    await server.close();
    server = undefined;
    const standIns = await buyers.stop();
    const failures = await checkDrop(db, { rail, packId, size, buyers: measured.result, standIns });
    return { ...measured.figures, failures };
  } finally {
    await server?.close();
    await buyers.stop().catch(() => undefined);
    await database.dispose();
  }
}

/** The drop's buyers, and on TON the watcher's settlement of their transfers (drop-ton-settled.ts). */
async function settledDrop(rail: Rail, db: Database, buyers: BuyersProcess, input: DropInput): Promise<BuyersResult> {
  const watch = rail === 'ton' ? watchPaidOrders(db, input.packId) : undefined;
  const result = await buyers.drop(input);
  await watch?.settled(result);
  return result;
}

async function measure(rail: Rail, db: Database, buyers: BuyersProcess, input: DropInput, packId: number) {
  const rss = peakRss();
  const pauses = apiPauses();
  const cpuBefore = process.cpuUsage();
  const result = await profiled(`drop-${rail}`, () => settledDrop(rail, db, buyers, input));
  const cpuUsed = process.cpuUsage(cpuBefore);
  const rssMb = rss.stop() / 2 ** 20;
  console.log(`  ${rail}: ${describePauses(pauses.stop())}`);
  const cpu = result.cpuMs / (result.lastPaidAt - result.startedAt);
  console.log(`  ${rail}: the buyers' process used ${(cpu * 100).toFixed(0)} % of a core (taken from the server's)`);
  const editions = (await db.execute(
    sql`select count(*)::int as n from editions where pack_id = ${packId}`,
  )) as unknown as { rows: { n: number }[] };
  const sold = editions.rows[0]!.n;
  // The server's own work per edition sold: unlike the rate, it barely moves with what else the machine runs.
  const cpuMsEach = (cpuUsed.user + cpuUsed.system) / 1000 / Math.max(1, sold);
  console.log(`  ${rail}: the server (API, bot, jobs) spent ${cpuMsEach.toFixed(1)} ms of CPU per edition sold`);
  const rate = sold / ((result.lastPaidAt - result.startedAt) / 1000);
  return { result, figures: { rate, buyMs: result.buyMs, payMs: result.payMs, rssMb } };
}
