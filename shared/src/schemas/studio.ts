import { z } from 'zod';
import { IsoDate, TonAmount } from './common.js';
import { Removal } from './ops.js';

/** Where a pack stands for its creator: a scheduled drop not open yet, on sale, or every edition sold. */
export const DROP_STATUSES = ['scheduled', 'on_sale', 'sold_out'] as const;
export type DropStatus = (typeof DROP_STATUSES)[number];

/** Money a creator's packs brought in, split by where it came from (all exact TON strings). */
export const StudioMoney = z.object({
  /** Primary sales: editions minted and paid. */
  sold: z.number().int(),
  revenue: TonAmount,
  /** Resales of their editions and the royalties on them: paid to their wallet, or owed (no wallet linked). */
  resales: z.number().int(),
  royaltiesPaid: TonAmount,
  royaltiesOwed: TonAmount,
});
export type StudioMoney = z.infer<typeof StudioMoney>;

export const StudioPack = StudioMoney.extend({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  price: TonAmount,
  imageUrl: z.string().nullable(),
  maxSupply: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  royaltyBps: z.number().int(),
  dropsAt: IsoDate.nullable(),
  dropStatus: z.enum(DROP_STATUSES),
  createdAt: IsoDate,
  /** Present when the marketplace removed the pack (taken down, or hidden with its creator's ban), with why. */
  removed: Removal.optional(),
});
export type StudioPack = z.infer<typeof StudioPack>;

/** One UTC day with sales: primary editions sold and what they and that day's royalties brought in. */
export const StudioDay = z.object({
  day: z.string(),
  sold: z.number().int(),
  revenue: TonAmount,
  royalties: TonAmount,
});
export type StudioDay = z.infer<typeof StudioDay>;

/** What an entry of the creator's balance records (see the ledger in core). */
export const BALANCE_ENTRY_KINDS = ['primary_sale', 'royalty', 'reversal', 'payout'] as const;

/**
 * Where a withdrawal stands: `sending` from the moment it is asked (its payout is written, signed or on its
 * way; the available figure has dropped), `held` while above the marketplace's caps until an operator lets
 * it go, `paid` once the chain shows it arrived, `failed` if the payout wallet could not send it (the money
 * counts as available again).
 */
export const PAYOUT_STATES = ['sending', 'held', 'paid', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** One entry of the creator's balance, traceable to its sale: the order, the pack and the edition's serial. */
export const StudioBalanceEntry = z.object({
  id: z.number().int(),
  kind: z.enum(BALANCE_ENTRY_KINDS),
  /** Signed: credits positive, reversals and payouts negative. */
  amount: TonAmount,
  orderId: z.string().nullable(),
  packId: z.number().int().nullable(),
  packTitle: z.string().nullable(),
  serial: z.number().int().nullable(),
  /** The rail that took the money: ton, stars or stripe (card). */
  rail: z.string(),
  createdAt: IsoDate,
  /** When the rail can no longer take the money back; until then the entry counts as pending. */
  availableAt: IsoDate,
  pending: z.boolean(),
  /** A withdrawal's state; null for a credit or reversal. */
  payoutState: z.enum(PAYOUT_STATES).nullable(),
});
export type StudioBalanceEntry = z.infer<typeof StudioBalanceEntry>;

/**
 * What the marketplace holds for the creator (sales paid in Stars or by card, royalties they had no wallet
 * for): pending while the rail can still take it back, then available to be paid out; and what was paid.
 */
export const StudioBalance = z.object({
  pending: TonAmount,
  available: TonAmount,
  /** Withdrawn and on its way to the creator's wallet. */
  sending: TonAmount,
  paid: TonAmount,
  /** PAYOUT_MIN: Withdraw is offered from this available amount. */
  payoutMin: TonAmount,
  /** The latest entries behind the figures, newest first. */
  entries: z.array(StudioBalanceEntry),
});
export type StudioBalance = z.infer<typeof StudioBalance>;

/** A withdrawal as POST /api/studio/payouts answers it: the payout and the balance after it. */
export const StudioWithdrawal = z.object({
  payout: z.object({ id: z.number().int(), amount: TonAmount, state: z.enum(PAYOUT_STATES) }),
  balance: StudioBalance,
});
export type StudioWithdrawal = z.infer<typeof StudioWithdrawal>;

export const StudioResponse = z.object({
  totals: StudioMoney,
  balance: StudioBalance,
  /** Newest pack first. */
  packs: z.array(StudioPack),
  /** Oldest day first; days without sales are left out. */
  days: z.array(StudioDay),
});
export type StudioResponse = z.infer<typeof StudioResponse>;

/**
 * What may change once a pack exists: its description and tags at any time, its drop time only before the
 * drop opens. Tags as the create form sends them (comma-separated) or as a list. Other fields are refused
 * by the service, with a sentence rather than a schema error.
 */
export const StudioPackUpdate = z
  .object({
    description: z.string().max(10_000),
    tags: z.union([z.string().max(10_000), z.array(z.string().max(1_000)).max(100)]),
    dropsAt: z.string().max(64),
  })
  .partial();
export type StudioPackUpdate = z.infer<typeof StudioPackUpdate>;
export const StudioPackResponse = z.object({ pack: StudioPack });
