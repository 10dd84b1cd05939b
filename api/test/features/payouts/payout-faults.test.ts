import { beginCell, Cell, external, storeMessage } from '@ton/core';
import { WalletContractV5R1, internal, SendMode } from '@ton/ton';
import { mnemonicToPrivateKey } from '@ton/crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  FATE_GRACE_SECONDS,
  MESSAGE_VALID_SECONDS,
  payoutPass,
  requestPayout,
  signPayoutBatch,
  type PayoutDeps,
} from '@stickerdrop/core';
import { describeEachDatabase } from '../../helpers.js';
import { TON, freshAddress, messageRows, operatorWords, payoutOf, payoutWorld, type PayoutWorld } from './fixtures.js';

/**
 * A payout is paid exactly once through crashes: the signed message is stored before it is sent, a
 * restarted process sends that same message until the chain shows its fate, and only a message that can
 * no longer run is signed again. "The chain" is the real W5 contract in the TVM emulator behind a toncenter
 * fake; "a crash" is a process whose steps stop at that point, and a restart is a new process's deps over
 * the same database.
 */
describeEachDatabase('payouts exactly once through crashes', (kind) => {
  let world: PayoutWorld;
  beforeEach(async () => {
    world = await payoutWorld(kind);
  });
  afterEach(async () => world.close());

  const refund = (pays: string, destination: string, amountNano: bigint) =>
    requestPayout(world.db, { kind: 'refund', pays, destination, amountNano, comment: `Stickerdrop refund ${pays}` });

  /** Passes of a restarted process until the payout is settled (bounded, so a loop shows as a failure). */
  async function runUntilSettled(deps: PayoutDeps, pays: string, passes = 6): Promise<void> {
    for (let i = 0; i < passes; i++) {
      if (['confirmed', 'failed'].includes((await payoutOf(world.db, pays)).status)) return;
      await payoutPass(deps);
    }
  }

  it('a crash between signing and sending: the restart sends the stored message, one payment', async () => {
    const buyer = freshAddress();
    await refund('payment:1', buyer, 2n * TON);
    const signed = await signPayoutBatch(world.deps);
    // The process stops here: the message is stored, nothing was sent.
    expect(world.chain.sent).toEqual([]);
    expect((await payoutOf(world.db, 'payment:1')).status).toBe('signed');

    const restarted = world.restart();
    await runUntilSettled(restarted, 'payment:1');
    expect(world.chain.sent).toEqual([signed!.boc]);
    expect(await payoutOf(world.db, 'payment:1')).toMatchObject({ status: 'confirmed', messageId: signed!.id });
    expect(await world.balance(buyer)).toBe(2n * TON);
    // More passes find nothing to do: no second message, no second payment.
    await payoutPass(restarted);
    await payoutPass(restarted);
    expect(await messageRows(world.db)).toMatchObject([{ id: signed!.id, status: 'landed' }]);
    expect(await world.balance(buyer)).toBe(2n * TON);
  });

  it('a crash between sending and confirming: the restart sends the same message again, still one payment', async () => {
    const creator = freshAddress();
    await refund('payment:2', creator, 3n * TON);
    const signed = await signPayoutBatch(world.deps);
    // The indexer is behind: the landed message is not visible yet, so the restart cannot know it ran.
    await world.chain.lag(world.wallet.address);
    const dying: PayoutDeps = {
      ...world.deps,
      sender: {
        ...world.deps.sender,
        async sendBoc(boc) {
          await world.deps.sender.sendBoc(boc);
          throw new Error('process killed after the service took the message');
        },
      },
    };
    await expect(payoutPass(dying)).rejects.toThrow(/killed/);
    expect(await world.balance(creator)).toBe(3n * TON);

    const restarted = world.restart();
    await payoutPass(restarted);
    expect(world.chain.sent).toEqual([signed!.boc, signed!.boc]);
    expect((await payoutOf(world.db, 'payment:2')).status).toBe('signed');
    world.chain.catchUp();
    await runUntilSettled(restarted, 'payment:2');
    expect(await payoutOf(world.db, 'payment:2')).toMatchObject({ status: 'confirmed', messageId: signed!.id });
    expect(await world.balance(creator)).toBe(3n * TON);
    expect(await messageRows(world.db)).toHaveLength(1);
  });

  it('the TON service down for a while: passes fail and nothing is lost, then the payout goes once', async () => {
    const buyer = freshAddress();
    await refund('payment:3', buyer, TON);
    world.chain.outage(7);
    let failed = 0;
    for (let pass = 0; pass < 15 && (await payoutOf(world.db, 'payment:3')).status !== 'confirmed'; pass++) {
      try {
        await payoutPass(world.deps);
      } catch (error) {
        expect((error as Error).message).toMatch(/answered 503/);
        failed++;
        expect(['pending', 'signed']).toContain((await payoutOf(world.db, 'payment:3')).status);
      }
    }
    expect(failed).toBeGreaterThanOrEqual(3);
    expect((await payoutOf(world.db, 'payment:3')).status).toBe('confirmed');
    expect(await world.balance(buyer)).toBe(TON);
    expect(await messageRows(world.db)).toHaveLength(1);
  });

  it('valid_until passed unsent: re-signed once, the old message is refused, one payment', async () => {
    const buyer = freshAddress();
    await refund('payment:4', buyer, 2n * TON);
    const stale = await signPayoutBatch(world.deps);
    // Down past the message's validity and the grace for an indexer behind.
    world.advance(MESSAGE_VALID_SECONDS + FATE_GRACE_SECONDS + 1);
    const restarted = world.restart();
    await payoutPass(restarted);
    expect((await messageRows(world.db)).map((m) => m.status)).toEqual(['expired']);
    expect((await payoutOf(world.db, 'payment:4')).status).toBe('pending');

    await runUntilSettled(restarted, 'payment:4');
    const messages = await messageRows(world.db);
    expect(messages.map((m) => m.status)).toEqual(['expired', 'landed']);
    expect(messages[1]!.hash).not.toBe(stale!.hash);
    expect(await world.balance(buyer)).toBe(2n * TON);
    // The stale message, sent late by anyone, can no longer pay.
    await expect(world.chain.run(Cell.fromBase64(stale!.boc))).rejects.toThrow(/not accepted/);
    expect(await world.balance(buyer)).toBe(2n * TON);
    expect(world.chain.sent).toEqual([messages[1]!.boc]);
  });

  it('the wallet ran another message with the same seqno: re-signed with the next seqno, one payment', async () => {
    const first = freshAddress();
    await refund('payment:5', first, TON);
    await runUntilSettled(world.deps, 'payment:5');
    const second = freshAddress();
    await refund('payment:6', second, 4n * TON);
    const signed = await signPayoutBatch(world.deps);
    expect(signed!.seqno).toBe(1);
    // Before it is sent, the operator spends seqno 1 from the same wallet with another app.
    await operatorTransfer(world, 1);
    const restarted = world.restart();
    await runUntilSettled(restarted, 'payment:6');
    const messages = await messageRows(world.db);
    expect(messages.map((m) => [m.seqno, m.status])).toEqual([
      [0, 'landed'],
      [1, 'expired'],
      [2, 'landed'],
    ]);
    expect(await world.balance(second)).toBe(4n * TON);
    await expect(world.chain.run(Cell.fromBase64(signed!.boc))).rejects.toThrow(/not accepted/);
    expect(await world.balance(second)).toBe(4n * TON);
    expect(await world.balance(first)).toBe(TON);
  });
});

/** The operator's own transfer from the payout wallet (say, Tonkeeper with the same words). */
async function operatorTransfer(world: PayoutWorld, seqno: number): Promise<void> {
  const keys = await mnemonicToPrivateKey(await operatorWords());
  const wallet = WalletContractV5R1.create({ publicKey: keys.publicKey, walletId: { networkGlobalId: -239 } });
  const body = wallet.createTransfer({
    seqno,
    secretKey: keys.secretKey,
    timeout: world.chain.utime + 60,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to: freshAddress(), value: TON / 10n, bounce: false })],
  });
  await world.chain.run(
    beginCell()
      .store(storeMessage(external({ to: wallet.address, body })))
      .endCell(),
  );
}
