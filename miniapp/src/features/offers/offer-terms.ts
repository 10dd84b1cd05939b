import type { Offer, ReceivedOffer } from '@stickerdrop/shared';
import type { OwnedEdition } from './ReceivedOfferActions';

/** What accepting means for the owner, as the API says it on their received offers. */
export type OfferTerms = Pick<ReceivedOffer, 'receive' | 'listingPrice' | 'floor' | 'held' | 'editions'>;

/** The owner's terms when the offer carries them (GET /api/offers/mine); null on a public offer. */
export function termsOf(offer: Offer | ReceivedOffer): OfferTerms | null {
  return 'receive' in offer ? offer : null;
}

/** One edition the offer can buy, with its own listing price and hold when the terms name them. */
export interface SellableEdition extends OwnedEdition {
  listingPrice: string | null;
  held: boolean;
}

/**
 * The editions the offer can sell, each with its listing and hold: an edition offer's own (the terms'
 * top-level figures are that edition's), or a pack-wide offer's choice among the caller's (on an edition's
 * page, that one), with each one's figures from the terms when they name it.
 */
export function sellableEditions(offer: Offer, owned: OwnedEdition[], terms: OfferTerms | null): SellableEdition[] {
  const fromTerms = { listingPrice: terms?.listingPrice ?? null, held: terms?.held ?? false };
  if (offer.editionId !== null) {
    return [{ editionId: offer.editionId, serial: offer.serial ?? 0, ...fromTerms }];
  }
  const named = new Map((terms?.editions ?? []).map((edition) => [edition.editionId, edition]));
  if (owned.length === 0) return terms?.editions ?? [];
  return owned.map((edition) => named.get(edition.editionId) ?? { ...edition, ...fromTerms });
}
