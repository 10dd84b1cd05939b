import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, payoutPass, requestPayout } from '@stickerdrop/core';
import { describePostgres, freshPostgresUrl } from '../../helpers.js';
import {
  START,
  TON,
  freshAddress,
  messageRows,
  operatorWords,
  payoutOf,
  payoutWorld,
  type PayoutWorld,
} from './fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A child process under tsx starts slowly on a loaded machine; a bound, not a measurement. */
const CHILD_TEST_MS = 120_000;

/**
 * The payout job in its own process, killed with SIGKILL at the two dangerous points: after the signed
 * message is stored and before the TON service has it, and after the chain ran it and before the process
 * learned so. A restarted process over the same Postgres database pays each payout exactly once.
 */
describePostgres('payout process killed with SIGKILL', () => {
  let world: PayoutWorld;
  let url: string;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    const fresh = await freshPostgresUrl();
    url = fresh.url;
    const database = await openDatabase({ url, poolSize: 3 });
    world = await payoutWorld('postgres', undefined, {
      db: database.db,
      async close() {
        await database.close();
        await fresh.drop();
      },
    });
  });

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) await kill(child);
    child = undefined;
    await world.close();
  });

  async function startChild(): Promise<{ output: () => string }> {
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'payout-process.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        TON_INDEXER_URL: world.chain.baseUrl,
        TON_PAYOUT_MNEMONIC: (await operatorWords()).join(' '),
        NOW_MS: String(START),
      },
      stdio: 'pipe',
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { output: () => output };
  }

  async function settle(pays: string): Promise<void> {
    const restarted = world.restart();
    for (let i = 0; i < 6 && (await payoutOf(world.db, pays)).status !== 'confirmed'; i++) await payoutPass(restarted);
  }

  it(
    'killed between signing and sending: the restart sends the stored message, one payment',
    async () => {
      const buyer = freshAddress();
      await requestPayout(world.db, {
        kind: 'refund',
        pays: 'payment:1',
        destination: buyer,
        amountNano: 2n * TON,
        comment: 'Stickerdrop refund',
      });
      const hold = world.chain.holdNextSend('before-run');
      await reachedOrSaid(hold.reached, await startChild());
      const [stored] = await messageRows(world.db);
      expect(stored).toMatchObject({ status: 'signed', sends: 0 });
      await kill(child!);
      hold.release();
      expect(await world.balance(buyer)).toBe(0n);

      await settle('payment:1');
      expect(world.chain.sent).toEqual([stored!.boc, stored!.boc]);
      expect(await payoutOf(world.db, 'payment:1')).toMatchObject({ status: 'confirmed', messageId: stored!.id });
      expect(await world.balance(buyer)).toBe(2n * TON);
      expect(await messageRows(world.db)).toHaveLength(1);
    },
    CHILD_TEST_MS,
  );

  it(
    'killed between sending and confirming: the restart sends the same message again, one payment',
    async () => {
      const creator = freshAddress();
      await requestPayout(world.db, {
        kind: 'creator_payout',
        pays: 'balance:3:1',
        destination: creator,
        amountNano: 5n * TON,
        comment: 'Stickerdrop payout',
      });
      // The indexer is behind the chain, so the restarted process cannot see at once that the message ran.
      await world.chain.lag(world.wallet.address);
      const hold = world.chain.holdNextSend('after-run');
      await reachedOrSaid(hold.reached, await startChild());
      expect(await world.balance(creator)).toBe(5n * TON);
      await kill(child!);
      hold.release();
      const [stored] = await messageRows(world.db);
      expect((await payoutOf(world.db, 'balance:3:1')).status).toBe('signed');

      await payoutPass(world.restart());
      expect(world.chain.sent).toEqual([stored!.boc, stored!.boc]);
      world.chain.catchUp();
      await settle('balance:3:1');
      expect(await payoutOf(world.db, 'balance:3:1')).toMatchObject({ status: 'confirmed', messageId: stored!.id });
      expect(await world.balance(creator)).toBe(5n * TON);
      expect(await messageRows(world.db)).toHaveLength(1);
    },
    CHILD_TEST_MS,
  );
});

/** The held send came in; or the child's own words when it died or never got there. */
async function reachedOrSaid(reached: Promise<void>, child: { output: () => string }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the payout process never sent; it said: ${child.output()}`)), 60_000);
  });
  try {
    await Promise.race([reached, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function kill(process: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => process.once('exit', resolve));
  process.kill('SIGKILL');
  await exited;
}
