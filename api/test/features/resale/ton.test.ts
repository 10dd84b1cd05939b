import { randomBytes } from 'node:crypto';
import { Address, Cell, SendMode, internal } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ORDER_RESERVATION_MS, tonCommentPayload, type Order, type ResaleLegs } from '@stickerdrop/shared';
import { fulfilOrder } from '@stickerdrop/core';
import { createTonIndexer, createTonWatcher, type TonWatcher, CHAIN_GRACE_MS, tables } from '@stickerdrop/core/testing';
import { sendWalletTransfer } from '../../fakes/toncenter-wallet.js';
import { startFakeToncenter, type FakeToncenter } from '../../fakes/toncenter.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack, insertOrder, outboxRows } from '../orders/fixtures.js';
import { ledger, RECEIVER, railsConfig, recordingLog } from '../payments/fixtures.js';
import { buyListing, ledgerOf, putOnSale, setWallet, walletAddress } from './fixtures.js';

const friendly = (raw: string, bounceable: boolean) => Address.parse(raw).toString({ bounceable });

describeEachDatabase('resale paid in TON: three legs in one transaction, confirmed by the watcher', (kind) => {
  let t: TestApp;
  let chain: FakeToncenter;
  let watcher: TonWatcher;

  beforeEach(async () => {
    chain = await startFakeToncenter(RECEIVER);
    t = await buildTestApp({ kind, config: railsConfig({ indexerUrl: chain.baseUrl }) });
    watcher = createTonWatcher({
      db: t.db,
      indexer: createTonIndexer(chain.baseUrl),
      receiver: RECEIVER,
      now: () => t.clock.now,
      log: recordingLog(),
    });
  });
  afterEach(async () => {
    await watcher.stop();
    await t.close();
    await chain.close();
  });

  /** A listed edition: bought by the seller through the primary settlement (demo is off here). */
  async function listed(creatorWallet: number | null) {
    const pack = await createPack(t, { priceNano: 1_000_000_000n });
    await setWallet(t, pack.creator, creatorWallet);
    const seller = await createUser(t);
    await setWallet(t, seller, 21);
    const primary = await insertOrder(t, { userId: seller.id, packId: pack.id });
    await fulfilOrder(t.db, { orderId: primary, paymentRef: `test:${primary}`, now: t.clock.now });
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, primary));
    const { listing } = await putOnSale(t, seller, edition!.id, '10');
    return { pack, seller, edition: edition!, listing };
  }

  /** A real v4 wallet: a fresh Ed25519 key; it signs exactly the messages it is handed. */
  function buyerWallet() {
    const keys = keyPairFromSeed(randomBytes(32));
    const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
    return {
      pay(
        order: Order,
        change: (messages: Array<{ address: string; amount: string; payload?: string }>) => typeof messages = (m) => m,
      ) {
        if (order.payment.kind !== 'ton') throw new Error('not a TON order');
        const messages = change(order.payment.messages!).map((m) =>
          internal({
            to: m.address,
            value: BigInt(m.amount),
            bounce: Address.isFriendly(m.address) ? Address.parseFriendly(m.address).isBounceable : false,
            body: m.payload ? Cell.fromBase64(m.payload) : undefined,
          }),
        );
        const body = contract.createTransfer({
          seqno: 0,
          secretKey: keys.secretKey,
          sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
          timeout: order.payment.validUntil!,
          messages,
        });
        return sendWalletTransfer(chain, { ...contract, publicKey: keys.publicKey }, body);
      },
    };
  }

  async function tonBuy(buyer: TestUser, listingId: number) {
    const bought = await buyListing(t, buyer, listingId, 'ton');
    expect(bought.statusCode).toBe(201);
    return bought.order;
  }

  it('the order carries the legs in TON Connect format; the real wallet pays all three; the watcher settles it', async () => {
    const { seller, edition, listing, pack } = await listed(33);
    const buyer = await createUser(t);
    const order = await tonBuy(buyer, listing.id);
    const reservationEnd = t.clock.now.getTime() + ORDER_RESERVATION_MS;
    expect(Date.parse(order.expiresAt)).toBe(reservationEnd + CHAIN_GRACE_MS);
    // 10 TON: royalty 5 % = 0.5, fee 2.5 % = 0.25, seller 9.25; the same three in the wallet's order and by name.
    const named = {
      seller: { address: friendly(walletAddress(21), false), amount: '9250000000' },
      royalty: { address: friendly(walletAddress(33), false), amount: '500000000' },
      fee: { address: friendly(RECEIVER, true), amount: '250000000', payload: tonCommentPayload(order.id) },
    };
    expect(order.payment).toEqual({
      kind: 'ton',
      receiver: friendly(RECEIVER, true),
      amountNano: '250000000',
      comment: order.id,
      validUntil: Math.floor(reservationEnd / 1000),
      messages: [named.seller, named.royalty, named.fee],
      legs: named,
    });

    const { walletTx, incoming } = buyerWallet().pay(order);
    expect(incoming).toHaveLength(1);
    await watcher.pollOnce();
    const byMessage = chain.queries.find((q) => q.params.msg_hash !== undefined);
    expect(byMessage?.params).toMatchObject({ direction: 'out' });
    expect(chain.transactions.find((tx) => tx.hash === walletTx)).toBeDefined();

    const [owned] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, edition.id));
    expect(owned!.ownerId).toBe(buyer.id);
    const legs = await ledgerOf(t, order.id);
    expect(legs.map((l) => [l.leg, l.amountNano, l.status, l.address])).toEqual([
      ['seller', 9_250_000_000n, 'paid', friendly(walletAddress(21), false)],
      ['royalty', 500_000_000n, 'paid', friendly(walletAddress(33), false)],
      ['fee', 250_000_000n, 'paid', friendly(RECEIVER, true)],
    ]);
    expect(await ledger(t)).toMatchObject([
      { ref: incoming[0], orderId: order.id, outcome: 'fulfilled', amount: 250_000_000n },
    ]);
    const kinds = (await outboxRows(t)).map((row) => row.kind);
    expect(kinds.filter((k) => k.startsWith('resale_'))).toEqual(['resale_receipt', 'resale_sold', 'resale_royalty']);
    expect(seller.id).not.toBe(buyer.id);
    expect(pack.creator.id).not.toBe(buyer.id);

    // The indexer answers the same transactions again (a lost read position): nothing settles twice.
    await t.db.delete(tables.chainCursors);
    await watcher.pollOnce();
    expect(await ledger(t)).toHaveLength(1);
    expect(await ledgerOf(t, order.id)).toHaveLength(3);
    expect((await outboxRows(t)).filter((row) => row.kind === 'resale_receipt')).toHaveLength(1);
  });

  it('a missing or short seller leg transfers nothing: recorded for the operator, the buyer told', async () => {
    const { seller, edition, listing } = await listed(33);
    const buyer = await createUser(t);
    const order = await tonBuy(buyer, listing.id);
    const wallet = buyerWallet();
    const missing = wallet.pay(order, (messages) => messages.slice(1));
    const short = wallet.pay(order, ([sellerLeg, ...rest]) => [
      { ...sellerLeg!, amount: (BigInt(sellerLeg!.amount) - 1n).toString() },
      ...rest,
    ]);
    await watcher.pollOnce();
    const [still] = await t.db.select().from(tables.editions).where(eq(tables.editions.id, edition.id));
    expect(still!.ownerId).toBe(seller.id);
    expect(await ledgerOf(t, order.id)).toEqual([]);
    expect((await ledger(t)).map((row) => [row.ref, row.outcome, row.refundStatus])).toEqual([
      [missing.incoming[0], 'underpaid', 'manual'],
      [short.incoming[0], 'underpaid', 'manual'],
    ]);
    const told = (await outboxRows(t)).filter((row) => row.kind === 'resale_payment_failed');
    expect(told.map((row) => row.payload)).toMatchObject([
      { orderId: order.id, buyerId: buyer.id },
      { orderId: order.id, buyerId: buyer.id },
    ]);
  });

  it('a creator without a wallet: two legs, the royalty rides in the fee leg and is owed; an expired request is refused by the wallet', async () => {
    const { listing } = await listed(null);
    const buyer = await createUser(t);
    const order = await tonBuy(buyer, listing.id);
    expect(order.payment.kind === 'ton' && order.payment.messages!.map((m) => m.amount)).toEqual([
      '9250000000',
      '750000000',
    ]);
    expect(order.payment.kind === 'ton' && (order.payment.legs as ResaleLegs).royalty).toBeNull();
    chain.utime = (order.payment.kind === 'ton' && order.payment.validUntil!) || 0;
    expect(() => buyerWallet().pay(order)).toThrow(/expired/);
    chain.utime -= 60;
    buyerWallet().pay(order);
    await watcher.pollOnce();
    expect((await ledgerOf(t, order.id)).map((l) => [l.leg, l.amountNano, l.status])).toEqual([
      ['seller', 9_250_000_000n, 'paid'],
      ['royalty', 500_000_000n, 'owed'],
      ['fee', 250_000_000n, 'paid'],
    ]);
  });

  it('an order written before its legs were named (only `messages`) still settles, each leg to its address', async () => {
    const { listing } = await listed(33);
    const buyer = await createUser(t);
    const order = await tonBuy(buyer, listing.id);
    if (order.payment.kind !== 'ton') throw new Error('not a TON order');
    const { legs: named, ...unnamed } = order.payment;
    const legs = named as ResaleLegs;
    await t.db.update(tables.orders).set({ payment: unnamed }).where(eq(tables.orders.id, order.id));
    buyerWallet().pay(order);
    await watcher.pollOnce();
    expect((await ledgerOf(t, order.id)).map((l) => [l.leg, l.address])).toEqual([
      ['seller', legs.seller.address],
      ['royalty', legs.royalty!.address],
      ['fee', legs.fee.address],
    ]);
  });

  it('with demo off, only TON buys a listing', async () => {
    const { listing } = await listed(33);
    const buyer = await createUser(t);
    expect(await buyListing(t, buyer, listing.id, 'stars')).toMatchObject({
      statusCode: 400,
      error: 'Resale is paid in TON',
    });
    expect((await buyListing(t, buyer, listing.id, 'demo')).statusCode).toBe(400);
  });
});
