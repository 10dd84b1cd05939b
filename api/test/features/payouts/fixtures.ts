import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { mnemonicNew } from '@ton/crypto';
import { eq } from 'drizzle-orm';
import {
  SecretWords,
  createTonSender,
  openPayoutWallet,
  type Database,
  type PayoutDeps,
  type PayoutWallet,
} from '@stickerdrop/core';
import { createTonIndexer, tables } from '@stickerdrop/core/testing';
import { startSandboxToncenter, type SandboxToncenter } from '../../fakes/toncenter-sandbox.js';
import { freshDatabase, type DatabaseKind } from '../../helpers.js';
import { recordingLog } from '../payments/fixtures.js';

export const TON = 1_000_000_000n;
/** A fixed start, so valid_until and the emulator's clock are the test's to move. */
export const START = Date.parse('2026-12-01T12:00:00Z');

let words: Promise<string[]> | undefined;
/** One operator mnemonic per test file: making one takes a while (it searches for a basic seed). */
export function operatorWords(): Promise<string[]> {
  words ??= mnemonicNew();
  return words;
}

export interface PayoutWorld {
  db: Database;
  chain: SandboxToncenter;
  wallet: PayoutWallet;
  log: ReturnType<typeof recordingLog>;
  /** The deps of one process; `restart()` gives the next process's, over the same database and chain. */
  deps: PayoutDeps;
  restart(): PayoutDeps;
  advance(seconds: number): void;
  /** What an address holds in the emulator (0 for one never paid). */
  balance(address: string): Promise<bigint>;
  close(): Promise<void>;
}

export async function payoutWorld(
  kind: DatabaseKind,
  caps = { maxNano: 100n * TON, dailyMaxNano: 1000n * TON },
  /** A database opened by the test (one another process shares); a fresh one of `kind` otherwise. */
  opened?: { db: Database; close(): Promise<void> },
): Promise<PayoutWorld> {
  const database = opened ?? (await freshDatabase(kind));
  const wallet = await openPayoutWallet(new SecretWords(await operatorWords()), 'mainnet');
  let now = START;
  const chain = await startSandboxToncenter(wallet.address, 500n * TON, START / 1000);
  const log = recordingLog();
  const makeDeps = (): PayoutDeps => ({
    db: database.db,
    wallet,
    sender: createTonSender(chain.baseUrl),
    indexer: createTonIndexer(chain.baseUrl),
    caps,
    now: () => new Date(now),
    log,
  });
  const world: PayoutWorld = {
    db: database.db,
    chain,
    wallet,
    log,
    deps: makeDeps(),
    restart: makeDeps,
    advance(seconds) {
      now += seconds * 1000;
      chain.setTime(Math.floor(now / 1000));
    },
    async balance(address) {
      return (await chain.chain.getContract(Address.parse(address))).balance;
    },
    async close() {
      await chain.close();
      await database.close();
    },
  };
  return world;
}

/** A wallet address nobody has used: it holds exactly what it is sent (no contract runs there). */
export function freshAddress(): string {
  return new Address(0, randomBytes(32)).toString({ bounceable: false });
}

export async function payoutRows(db: Database) {
  return db.select().from(tables.payouts).orderBy(tables.payouts.id);
}

export async function messageRows(db: Database) {
  return db.select().from(tables.payoutMessages).orderBy(tables.payoutMessages.id);
}

export async function payoutOf(db: Database, pays: string) {
  const [row] = await db.select().from(tables.payouts).where(eq(tables.payouts.pays, pays));
  return row!;
}
