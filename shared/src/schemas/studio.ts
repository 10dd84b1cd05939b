import { z } from 'zod';
import { IsoDate, TonAmount } from './common.js';

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

export const StudioResponse = z.object({
  totals: StudioMoney,
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
