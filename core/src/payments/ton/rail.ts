import { eq, inArray } from 'drizzle-orm';
import { readsTogetherById } from '../../db/batches.js';
import type { DbOrTx } from '../../db/client.js';
import { packs, users } from '../../db/schema.js';
import type { PaymentRail } from '../../sales/payment-methods.js';
import { primaryTonPayment, type TonTarget } from '../../sales/ton-legs.js';
import type { AwaitedTonPayments } from './awaited.js';

export interface TonRailOptions extends TonTarget {
  db: DbOrTx;
  /** PRIMARY_FEE_BPS: the marketplace's cut of a new edition; the creator's leg carries the rest. */
  primaryFeeBps: number;
  /** Told of each payment handed out, so this process's watcher looks for it soon. */
  awaited?: AwaitedTonPayments;
}

/**
 * TON for a new edition: the buyer's wallet pays the creator's share to the creator's linked wallet and the
 * fee, with the order id as its text comment, to the marketplace wallet, in one transaction; the watcher
 * confirms both on chain. A creator with no wallet: one leg, the whole price to the marketplace, which
 * credits their share to their balance. The wallet is read once, here, and the order keeps the legs it
 * asked for, so settlement checks those whatever the creator links meanwhile.
 */
export function tonRail(options: TonRailOptions): PaymentRail {
  const target: TonTarget = { receiver: options.receiver, network: options.network };
  return {
    method: 'ton',
    createPayment: async (order) => {
      const payment = primaryTonPayment(
        {
          orderId: order.id,
          priceNano: order.amountNano,
          feeBps: options.primaryFeeBps,
          creatorWallet: await creatorWalletOf(options.db, order.packId),
          // The wallet refuses to send after the reservation's end, so no payment can arrive for a lapsed one.
          validUntil: Math.floor(order.expiresAt.getTime() / 1000),
        },
        target,
      );
      options.awaited?.expect();
      return payment;
    },
  };
}

/** The creator's linked wallet; a drop's buyers ask at once, and those asked while one read runs go together. */
function creatorWalletOf(db: DbOrTx, packId: number): Promise<string | null> {
  return readCreatorWallet(db, packId).then((row) => row?.wallet ?? null);
}

const readCreatorWallet = readsTogetherById(
  (db: DbOrTx, ids: number[]) =>
    db
      .select({ packId: packs.id, wallet: users.walletAddress })
      .from(packs)
      .innerJoin(users, eq(users.id, packs.creatorId))
      .where(inArray(packs.id, ids)),
  (row) => row.packId,
);
