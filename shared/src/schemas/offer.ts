import { z } from 'zod';
import { OFFER_EXPIRY_HOURS } from '../offers.js';
import { IsoDate, RowId, TonAmount } from './common.js';
import { ORDER_STATUSES, OrderResponse } from './order.js';

/** The wire shapes of offers: non-binding bids on one edition or on any edition of a pack. */
/** `lapsed`: the edition changed hands before the offer was answered. */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'expired', 'lapsed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Exactly one target: `editionId` for one edition, `packId` for any edition of the pack. */
export const OfferRequest = z
  .object({
    editionId: RowId.optional(),
    packId: RowId.optional(),
    price: z.string().max(40),
    expiresInHours: z.coerce
      .number()
      .int()
      .min(OFFER_EXPIRY_HOURS.min)
      .max(OFFER_EXPIRY_HOURS.max)
      .default(OFFER_EXPIRY_HOURS.default),
  })
  .refine((body) => (body.editionId === undefined) !== (body.packId === undefined), {
    message: 'Give either editionId or packId',
  });
export type OfferRequest = z.infer<typeof OfferRequest>;

/** Accepting names the edition sold; required for a pack-wide offer, optional (must match) otherwise. */
export const AcceptOfferRequest = z.object({ editionId: RowId.optional() });
export type AcceptOfferRequest = z.infer<typeof AcceptOfferRequest>;
export const OfferIdParams = z.object({ id: RowId });

export const Offer = z.object({
  id: z.number().int(),
  /** Null for a pack-wide offer. */
  editionId: z.number().int().nullable(),
  /** The edition's serial, null for a pack-wide offer. */
  serial: z.number().int().nullable(),
  packId: z.number().int(),
  pack: z.object({ id: z.number().int(), title: z.string(), imageUrl: z.string().nullable() }),
  price: TonAmount,
  expiresAt: IsoDate,
  createdAt: IsoDate,
  status: z.enum(OFFER_STATUSES),
  bidder: z.object({ id: z.number().int(), name: z.string() }),
  /** Set once accepted: the resale order the bidder pays (it may since have expired or been paid). */
  order: z
    .object({
      id: z.string(),
      status: z.enum(ORDER_STATUSES),
      expiresAt: IsoDate,
    })
    .nullable(),
});
export type Offer = z.infer<typeof Offer>;

/** 201 on a new offer, 200 when it replaced the bidder's open offer on the same edition or pack. */
export const OfferResponse = z.object({ offer: Offer });
export type OfferResponse = z.infer<typeof OfferResponse>;

/** Open offers on a pack and on its editions, highest price first; `best` is the first one's price. */
export const PackOffers = z.object({ items: z.array(Offer), best: TonAmount.nullable() });
export type PackOffers = z.infer<typeof PackOffers>;

/** One of the owner's editions a received offer can buy, as accepting it would find it. */
export const ReceivedOfferEdition = z.object({
  editionId: z.number().int(),
  serial: z.number().int(),
  /** The edition's own listing price, null when it is not on sale. */
  listingPrice: TonAmount.nullable(),
  /** A buyer's live reservation holds it: accepting is refused ("This edition is being bought right now"). */
  held: z.boolean(),
});
export type ReceivedOfferEdition = z.infer<typeof ReceivedOfferEdition>;

/**
 * An offer the caller can accept, with what accepting means for them: `receive` is what they get after the
 * creator's royalty and the marketplace fee; `listingPrice` and `held` are those of the offer's edition (a
 * pack-wide offer: the cheapest of the caller's listings in the pack, and true only when every edition of
 * theirs is held); `floor` is the pack's cheapest buyable listing; `editions` the caller's editions it can buy.
 */
export const ReceivedOffer = Offer.extend({
  receive: TonAmount,
  listingPrice: TonAmount.nullable(),
  floor: TonAmount.nullable(),
  held: z.boolean(),
  editions: z.array(ReceivedOfferEdition),
});
export type ReceivedOffer = z.infer<typeof ReceivedOffer>;

/**
 * `made`: the caller's open offers and accepted ones (with their order), newest first.
 * `received`: open offers on editions the caller owns, and pack-wide ones on packs they hold an edition of.
 */
export const MyOffers = z.object({ made: z.array(Offer), received: z.array(ReceivedOffer) });
export type MyOffers = z.infer<typeof MyOffers>;

/** 201 on accept: the resale order reserved for the bidder. */
export const AcceptOfferResponse = OrderResponse;
