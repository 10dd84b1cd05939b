/**
 * The offers contract of issue 11, as the mini-app reads it. Temporary: replaced by the shared schemas'
 * types once they land on main.
 */
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'paid';

export interface Offer {
  id: number;
  editionId: number | null;
  packId: number;
  price: string;
  expiresAt: string;
  status: OfferStatus;
  bidder: { id: number; name: string };
  serial?: number | null;
  pack?: { id: number; title: string };
  orderId?: string | null;
}

export interface PackOffers {
  items: Offer[];
  best: Offer | null;
}

export interface MyOffers {
  made: Offer[];
  received: Offer[];
}
