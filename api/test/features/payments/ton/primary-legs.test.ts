import { randomBytes } from 'node:crypto';
import { Address, Cell, SendMode, beginCell, external, internal, storeMessage } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { Blockchain, internal as sandboxInternal } from '@ton/sandbox';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { tonCommentPayload, type Order, type PrimaryLegs } from '@stickerdrop/shared';
import { createTonIndexer, createTonWatcher, tables, type TonWatcher } from '@stickerdrop/core/testing';
import { SandboxToncenter } from '../../../fakes/toncenter-sandbox.js';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../helpers.js';
import { createUser } from '../../../users.js';
import { buy, createPack, editionsOf, type PackFixture } from '../../orders/fixtures.js';
import { ledger, railsConfig, recordingLog } from '../fixtures.js';

const TON = 1_000_000_000n;
/** An odd price, so the split is seen to the nanoton: 5 % is 61 728 394.55, rounded down as a fee. */
const PRICE = 1_234_567_891n;
const FEE = 61_728_394n;
const SHARE = PRICE - FEE;

type Messages = Array<{ address: string; amount: string; payload?: string | undefined }>;

/** A buyer's wallet in the emulator: the real W5 or v4 contract, funded, deployed by its first transfer. */
interface BuyerWallet {
  address: Address;
  /** Signs the messages it is handed as a TON Connect wallet does (mode 3) and runs them on the chain. */
  send(messages: Messages, validUntil: number): Promise<void>;
}

describeEachDatabase(
  'a primary TON sale pays the creator in the buyer’s transaction (real wallets, TVM emulator)',
  (kind) => {
    let t: TestApp;
    let chain: SandboxToncenter;
    let watcher: TonWatcher;
    let receiver: Address;

    beforeEach(async () => {
      const blockchain = await Blockchain.create({ meta: { get: () => undefined, upsert() {} } });
      const receiverWallet = WalletContractV4.create({
        workchain: 0,
        publicKey: keyPairFromSeed(randomBytes(32)).publicKey,
      });
      receiver = receiverWallet.address;
      chain = await new SandboxToncenter(blockchain, receiver.toString()).start();
      const base = railsConfig({ indexerUrl: chain.baseUrl });
      t = await buildTestApp({ kind, config: { ...base, ton: { ...base.ton!, receiver: receiver.toString() } } });
      chain.setTime(Math.floor(t.clock.now.getTime() / 1000));
      // The marketplace's receiving wallet is deployed, as in production: the fee leg is bounceable.
      const treasury = await blockchain.treasury('market');
      await blockchain.sendMessage(
        sandboxInternal({ from: treasury.address, to: receiver, value: TON, stateInit: receiverWallet.init }),
      );
      watcher = createTonWatcher({
        db: t.db,
        indexer: createTonIndexer(chain.baseUrl),
        receiver: receiver.toString(),
        now: () => t.clock.now,
        log: recordingLog(),
      });
    });
    afterEach(async () => {
      await watcher.stop();
      await t.close();
      await chain.close();
    });

    async function buyerWallet(version: 'v5r1' | 'v4'): Promise<BuyerWallet> {
      const keys = keyPairFromSeed(randomBytes(32));
      const v5 = WalletContractV5R1.create({ publicKey: keys.publicKey, walletId: { networkGlobalId: -239 } });
      const v4 = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
      const wallet = version === 'v5r1' ? v5 : v4;
      const treasury = await chain.chain.treasury('buyers');
      await chain.chain.sendMessage(
        sandboxInternal({ from: treasury.address, to: wallet.address, value: 10n * TON, bounce: false }),
      );
      let seqno = 0;
      return {
        address: wallet.address,
        async send(messages, validUntil) {
          const transfer = {
            seqno,
            secretKey: keys.secretKey,
            timeout: validUntil,
            sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
            messages: messages.map((m) =>
              internal({
                to: m.address,
                value: BigInt(m.amount),
                // As a TON Connect wallet reads the address it is given: the friendly form says bounceable or not.
                bounce: Address.parseFriendly(m.address).isBounceable,
                body: m.payload ? Cell.fromBase64(m.payload) : undefined,
              }),
            ),
          };
          const body = version === 'v5r1' ? v5.createTransfer(transfer) : v4.createTransfer(transfer);
          const message = external({ to: wallet.address, init: seqno === 0 ? wallet.init : undefined, body });
          seqno += 1;
          await chain.run(beginCell().store(storeMessage(message)).endCell());
        },
      };
    }

    /** A fresh address no contract was ever deployed at: a creator's new wallet, as many are. */
    function undeployedWallet(): Address {
      return new Address(0, randomBytes(32));
    }

    async function packBy(creatorWallet: Address | null): Promise<PackFixture> {
      const pack = await createPack(t, { priceNano: PRICE });
      const walletAddress = creatorWallet?.toString({ bounceable: false }) ?? null;
      await t.db.update(tables.users).set({ walletAddress }).where(eq(tables.users.id, pack.creator.id));
      return pack;
    }

    async function tonOrder(pack: PackFixture): Promise<Order & { payment: { kind: 'ton' } }> {
      const bought = await buy(t, await createUser(t), pack.id, 'ton');
      expect(bought.statusCode).toBe(201);
      if (bought.order.payment.kind !== 'ton') throw new Error('not a TON order');
      return bought.order as Order & { payment: { kind: 'ton' } };
    }

    const balanceOf = async (address: Address) => (await chain.chain.getContract(address)).balance;
    const creditsOf = (orderId: string) =>
      t.db.select().from(tables.balanceEntries).where(eq(tables.balanceEntries.orderId, orderId));
    /** Transactions the emulator ran on an account, as the indexer serves them. */
    const transactionsOf = (address: Address) =>
      chain.transactions.filter((tx) => Address.parse(String(tx.account)).equals(address));

    for (const version of ['v5r1', 'v4'] as const) {
      it(`${version}: the creator's leg and the fee leg, to the nanoton; settled with no balance credit`, async () => {
        const creatorWallet = undeployedWallet();
        const pack = await packBy(creatorWallet);
        const order = await tonOrder(pack);
        const legs: PrimaryLegs = {
          creator: { address: creatorWallet.toString({ bounceable: false }), amount: SHARE.toString() },
          fee: {
            address: receiver.toString({ bounceable: true }),
            amount: FEE.toString(),
            payload: tonCommentPayload(order.id),
          },
        };
        expect(order.payment).toMatchObject({ amountNano: FEE.toString(), messages: [legs.creator, legs.fee], legs });

        const buyer = await buyerWallet(version);
        await buyer.send(order.payment.messages!, order.payment.validUntil!);
        // The undeployed creator wallet keeps exactly its leg: nothing bounced back to the buyer.
        expect(await balanceOf(creatorWallet)).toBe(SHARE);
        const creatorTxs = transactionsOf(creatorWallet);
        expect(creatorTxs.map((tx) => (tx.out_msgs as unknown[]).length)).toEqual([0]);
        expect(transactionsOf(buyer.address).some((tx) => (tx.in_msg as { bounced?: boolean }).bounced)).toBe(false);
        const feeIn = transactionsOf(receiver).at(-1)!.in_msg as { value: string };
        expect(BigInt(feeIn.value)).toBe(FEE);

        expect(await watcher.pollOnce()).toBe(1);
        const [payment] = await ledger(t, 'ton');
        expect(payment).toMatchObject({ orderId: order.id, outcome: 'fulfilled', amount: FEE });
        expect(payment!.senderAddress).toBe(buyer.address.toRawString());
        expect(await editionsOf(t, pack.id)).toHaveLength(1);
        expect(await creditsOf(order.id)).toEqual([]);
      });
    }

    it('a bounceable creator leg would have come back from the undeployed wallet: why people get the other form', async () => {
      const creatorWallet = undeployedWallet();
      const order = await tonOrder(await packBy(creatorWallet));
      const buyer = await buyerWallet('v5r1');
      const [creator, fee] = order.payment.messages!;
      const bounceable = creatorWallet.toString({ bounceable: true });
      await buyer.send([{ ...creator!, address: bounceable }, fee!], order.payment.validUntil!);
      expect(await balanceOf(creatorWallet)).toBe(0n);
      expect(transactionsOf(buyer.address).some((tx) => (tx.in_msg as { bounced?: boolean }).bounced)).toBe(true);
    });

    it('a creator with no wallet: one leg, the whole price to the marketplace, and the share credited', async () => {
      const pack = await packBy(null);
      const order = await tonOrder(pack);
      expect(order.payment.messages!.map((m) => m.amount)).toEqual([PRICE.toString()]);
      expect((order.payment.legs as PrimaryLegs).creator).toBeNull();
      await (await buyerWallet('v4')).send(order.payment.messages!, order.payment.validUntil!);
      await watcher.pollOnce();
      expect(await ledger(t, 'ton')).toMatchObject([{ orderId: order.id, outcome: 'fulfilled', amount: PRICE }]);
      expect(await creditsOf(order.id)).toMatchObject([
        { kind: 'primary_sale', creatorId: pack.creator.id, amountNano: SHARE, rail: 'ton' },
      ]);
    });

    it('a creator leg one nanoton short, or left out, buys nothing and credits nothing', async () => {
      const pack = await packBy(undeployedWallet());
      const short = await tonOrder(pack);
      const missing = await tonOrder(await packBy(undeployedWallet()));
      const [creator, fee] = short.payment.messages!;
      await (
        await buyerWallet('v5r1')
      ).send([{ ...creator!, amount: (BigInt(creator!.amount) - 1n).toString() }, fee!], short.payment.validUntil!);
      await (await buyerWallet('v4')).send(missing.payment.messages!.slice(1), missing.payment.validUntil!);
      await watcher.pollOnce();
      // The page's two payments settle together, in no set order.
      const rows = (await ledger(t, 'ton')).map((row) => [row.orderId, row.outcome, row.refundStatus]);
      expect(rows.sort()).toEqual(
        [
          [short.id, 'underpaid', 'manual'],
          [missing.id, 'underpaid', 'manual'],
        ].sort(),
      );
      expect(await t.db.select().from(tables.editions)).toEqual([]);
      expect(await t.db.select().from(tables.balanceEntries)).toEqual([]);
    });

    it('settlement checks the legs the order asked for, whatever the creator links or unlinks meanwhile', async () => {
      const twoLegs = await tonOrder(await packBy(undeployedWallet()));
      const oneLeg = await tonOrder(await packBy(null));
      // After the reservations: the first creator unlinks their wallet, the second links one.
      await t.db.update(tables.users).set({ walletAddress: null }).where(eq(tables.users.isCreator, true));
      const [first] = await t.db.select().from(tables.packs).where(eq(tables.packs.id, oneLeg.stickerId));
      const later = undeployedWallet().toString({ bounceable: false });
      await t.db.update(tables.users).set({ walletAddress: later }).where(eq(tables.users.id, first!.creatorId));
      await (await buyerWallet('v5r1')).send(twoLegs.payment.messages!, twoLegs.payment.validUntil!);
      await (await buyerWallet('v4')).send(oneLeg.payment.messages!, oneLeg.payment.validUntil!);
      await watcher.pollOnce();
      expect((await ledger(t, 'ton')).map((row) => row.outcome)).toEqual(['fulfilled', 'fulfilled']);
      expect(await creditsOf(twoLegs.id)).toEqual([]);
      expect(await creditsOf(oneLeg.id)).toMatchObject([{ kind: 'primary_sale', amountNano: SHARE }]);
    });
  },
);
