import { Address, Cell } from '@ton/core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { payoutPass, releaseHeldPayout, requestPayout, signPayoutBatch } from '@stickerdrop/core';
import { describeEachDatabase } from '../../helpers.js';
import { TON, freshAddress, messageRows, payoutRows, payoutWorld, type PayoutWorld } from './fixtures.js';

/**
 * The payout wallet's stored messages run in the real W5 contract, deployed in the TVM emulator with the
 * operator's key by its own first message: each destination receives exactly its payout, once.
 */
describeEachDatabase('payout wallet in the W5 contract', (kind) => {
  let world: PayoutWorld;
  beforeEach(async () => {
    world = await payoutWorld(kind);
  });
  afterEach(async () => world.close());

  it('pays every payout of a batch exactly, with its comment, and the same message twice pays once', async () => {
    const creator = freshAddress();
    const buyer = freshAddress();
    await requestPayout(world.db, {
      kind: 'creator_payout',
      pays: 'balance:7:1',
      destination: creator,
      amountNano: 4_750_000_000n,
      comment: 'Stickerdrop payout: 4.75 TON for your sales',
    });
    await requestPayout(world.db, {
      kind: 'refund',
      pays: 'payment:42',
      destination: buyer,
      amountNano: 2n * TON,
      comment: 'Stickerdrop refund of order 1f2e',
    });
    const message = await signPayoutBatch(world.deps);
    expect(message).toMatchObject({ seqno: 0, status: 'signed', sends: 0 });

    await world.chain.run(Cell.fromBase64(message!.boc));
    expect(await world.balance(creator)).toBe(4_750_000_000n);
    expect(await world.balance(buyer)).toBe(2n * TON);
    // The wallet's transaction carries both comments, to the stored destinations.
    const walletTx = world.chain.transactions.find((tx) => (tx.in_msg as { source: unknown }).source === null)!;
    const outs = walletTx.out_msgs as Array<{ destination: string; value: string }>;
    expect(outs.map((out) => [Address.parse(out.destination).toString({ bounceable: false }), out.value])).toEqual([
      [creator, '4750000000'],
      [buyer, '2000000000'],
    ]);

    await expect(world.chain.run(Cell.fromBase64(message!.boc))).rejects.toThrow(/not accepted/);
    expect(await world.balance(creator)).toBe(4_750_000_000n);
    expect(await world.balance(buyer)).toBe(2n * TON);
  });

  it('writes one payout per thing paid, whoever asks twice', async () => {
    const intent = {
      kind: 'refund' as const,
      pays: 'payment:9',
      destination: freshAddress(),
      amountNano: TON,
      comment: 'Stickerdrop refund',
    };
    const first = await requestPayout(world.db, intent);
    const second = await requestPayout(world.db, { ...intent, amountNano: 5n * TON });
    expect(second.id).toBe(first.id);
    expect((await payoutRows(world.db)).map((row) => row.amountNano)).toEqual([TON]);
  });

  it('a payout above PAYOUT_MAX_TON or past the day\u2019s cap is held, the rest go; an operator releases one', async () => {
    await world.close();
    world = await payoutWorld(kind, { maxNano: 10n * TON, dailyMaxNano: 15n * TON });
    const [small, big, overDay] = [freshAddress(), freshAddress(), freshAddress()];
    const pay = (pays: string, destination: string, amountNano: bigint) =>
      requestPayout(world.db, { kind: 'creator_payout', pays, destination, amountNano, comment: `payout ${pays}` });
    await pay('a', small, 9n * TON);
    await pay('b', big, 11n * TON);
    await pay('c', overDay, 7n * TON);
    await payoutPass(world.deps);
    await payoutPass(world.deps);
    const rows = await payoutRows(world.db);
    expect(rows.map((row) => [row.pays, row.status, row.reason])).toEqual([
      ['a', 'confirmed', null],
      ['b', 'held', 'above PAYOUT_MAX_TON'],
      ['c', 'held', 'above PAYOUT_DAILY_MAX_TON'],
    ]);
    expect(await world.balance(small)).toBe(9n * TON);
    expect(await world.balance(big)).toBe(0n);
    expect((await messageRows(world.db)).length).toBe(1);

    // An operator lets the large one go; the other stays held, and a second release changes nothing.
    const held = rows.find((row) => row.pays === 'b')!;
    expect(await releaseHeldPayout(world.db, held.id, world.deps.now())).toBe(true);
    expect(await releaseHeldPayout(world.db, held.id, world.deps.now())).toBe(false);
    await payoutPass(world.deps);
    await payoutPass(world.deps);
    expect((await payoutRows(world.db)).map((row) => [row.pays, row.status])).toEqual([
      ['a', 'confirmed'],
      ['b', 'confirmed'],
      ['c', 'held'],
    ]);
    expect(await world.balance(big)).toBe(11n * TON);
    expect(await world.balance(overDay)).toBe(0n);
  });
});
