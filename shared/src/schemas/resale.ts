import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.js';
import { IsoDate, TonAmount } from './common.js';
import { Removal } from './ops.js';

/** The wire shapes of the resale contract. */
export const ListingRequest = z.object({ price: z.string().max(40) });

export const Listing = z.object({
  id: z.number().int(),
  editionId: z.number().int(),
  serial: z.number().int(),
  packId: z.number().int(),
  price: TonAmount,
  sellerId: z.number().int(),
  createdAt: IsoDate,
});
export type Listing = z.infer<typeof Listing>;

const Person = z.object({ id: z.number().int(), name: z.string() });
export const UserRef = Person.extend({ username: z.string().nullable() });

const ACTIVITY_TYPES = ['mint', 'list', 'reprice', 'delist', 'sale', 'gift'] as const;
export const ActivityItem = z.object({
  type: z.enum(ACTIVITY_TYPES),
  serial: z.number().int(),
  editionId: z.number().int(),
  price: TonAmount.nullable(),
  from: Person.nullable(),
  to: Person.nullable(),
  at: IsoDate,
  /** On the marketplace-wide feed only. */
  pack: z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string().nullable() }).optional(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;
export const ActivityPage = z.object({ items: z.array(ActivityItem), nextCursor: z.string().nullable() });
export type ActivityPage = z.infer<typeof ActivityPage>;
export const ActivityQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

export const PackListing = z.object({
  id: z.number().int(),
  editionId: z.number().int(),
  serial: z.number().int(),
  price: TonAmount,
  seller: UserRef,
  createdAt: IsoDate,
});
export type PackListing = z.infer<typeof PackListing>;
export const PackListings = z.object({
  items: z.array(PackListing),
  floorPrice: TonAmount.nullable(),
  count: z.number().int(),
});
export type PackListings = z.infer<typeof PackListings>;

export const PriceHistoryQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const PricePoint = z.object({
  at: IsoDate,
  price: TonAmount,
  serial: z.number().int(),
  kind: z.enum(['primary', 'resale']),
});
export type PricePoint = z.infer<typeof PricePoint>;
export const PriceHistory = z.object({ points: z.array(PricePoint) });
export type PriceHistory = z.infer<typeof PriceHistory>;

/**
 * How the owner paid for an edition (null for editions made outside a sale, e.g. seeds) and, while a Stars
 * payment can still be refunded, when it becomes resellable (null when it can be resold now).
 */
export const EditionPayment = z.object({
  paidWith: z.enum(PAYMENT_METHODS).nullable(),
  resellableFrom: IsoDate.nullable(),
});
export type EditionPayment = z.infer<typeof EditionPayment>;

export const EditionDetail = z.object({
  id: z.number().int(),
  serial: z.number().int(),
  pack: z.object({
    id: z.number().int(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    maxSupply: z.number().int(),
  }),
  owner: UserRef,
  listing: z.object({ id: z.number().int(), price: TonAmount }).nullable(),
  ...EditionPayment.shape,
  history: z.array(ActivityItem),
  /** Present only when the marketplace took the pack down; only the edition's owner still sees it. */
  removed: Removal.optional(),
});
export type EditionDetail = z.infer<typeof EditionDetail>;

export const LastSale = z.object({ price: TonAmount, serial: z.number().int(), at: IsoDate });
export const ListingRef = z.object({ id: z.number().int(), price: TonAmount });
