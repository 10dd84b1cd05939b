import { z } from 'zod';
import { outboxKind } from './descriptor.js';

/** An offer, as its messages tell it. `editionId`/`serial` null: a pack-wide offer not yet accepted. */
export const OfferNoticePayload = z.object({
  offerId: z.number(),
  bidderId: z.number(),
  packId: z.number(),
  title: z.string(),
  maxSupply: z.number(),
  editionId: z.number().nullable(),
  serial: z.number().nullable(),
  /** TON string. */
  price: z.string(),
  expiresAt: z.string(),
});
export type OfferNoticePayload = z.infer<typeof OfferNoticePayload>;

/** "New offer" to one owner; a pack-wide offer names the edition this holder's Accept button sells. */
export const OfferReceivedPayload = OfferNoticePayload.extend({
  ownerId: z.number(),
  editionId: z.number(),
  serial: z.number(),
  packWide: z.boolean(),
  bidderName: z.string(),
  /**
   * What accepting gives this owner after the creator's royalty and the marketplace fee, their listing price
   * of the edition the Accept button sells, and the pack's floor (TON strings). Absent in rows queued before
   * messages said so.
   */
  receive: z.string().optional(),
  listingPrice: z.string().nullable().optional(),
  floor: z.string().nullable().optional(),
});
export type OfferReceivedPayload = z.infer<typeof OfferReceivedPayload>;

/** The owner accepted: the bidder pays the resale order `orderId` before `payBy`. */
export const OfferAcceptedPayload = OfferNoticePayload.extend({ orderId: z.string(), payBy: z.string() });
export type OfferAcceptedPayload = z.infer<typeof OfferAcceptedPayload>;

/** An offer's messages: "New offer" to whoever can accept it, and its outcome to the bidder. */
export const OFFER_OUTBOX_KINDS = {
  /**
   * Once per offer and owner: a repriced offer is not sent again (the Accept button checks the price). A
   * pack-wide offer goes to every holder at once, so it waits for everyone's personal messages.
   */
  offer_received: outboxKind({
    payload: OfferReceivedPayload,
    key: (offerId: number, ownerId: number) => `offer-received:${offerId}:${ownerId}`,
    audience: 'bulk',
    worker: 'bot',
  }),
  /**
   * The bidder raised (or offered again within the day): the owner's "New offer" message is edited to say so.
   * One edit per change of the offer (`at`: when it changed) and owner.
   */
  offer_repriced: outboxKind({
    payload: OfferReceivedPayload,
    key: (offerId: number, ownerId: number, at: Date) => `offer-repriced:${offerId}:${ownerId}:${at.getTime()}`,
    audience: 'bulk',
    worker: 'bot',
  }),
  /** An offer is accepted, declined or expires once. */
  offer_accepted: outboxKind({
    payload: OfferAcceptedPayload,
    key: (offerId: number) => `offer-accepted:${offerId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  offer_declined: outboxKind({
    payload: OfferNoticePayload,
    key: (offerId: number) => `offer-declined:${offerId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  offer_expired: outboxKind({
    payload: OfferNoticePayload,
    key: (offerId: number) => `offer-expired:${offerId}`,
    audience: 'personal',
    worker: 'bot',
  }),
  /** The edition changed hands before the offer was answered: it lapses once. */
  offer_lapsed: outboxKind({
    payload: OfferNoticePayload,
    key: (offerId: number) => `offer-lapsed:${offerId}`,
    audience: 'personal',
    worker: 'bot',
  }),
};
