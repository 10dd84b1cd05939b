/** The offers screens' own texts (SPEC names none; issue 11 names the action "Make offer"). */
export const OFFER_TEXTS = {
  makeOffer: 'Make offer',
  sent: 'Offer sent',
  updated: 'Offer updated',
  withdrawn: 'Offer withdrawn',
  declined: 'Offer declined',
  accepted: 'Offer accepted: the buyer can pay now',
  failed: 'That did not work. Please try again.',
  loadFailed: 'Offers could not be loaded.',
  signInToOffer: 'Please log in to make an offer',
  anyEdition: 'Any edition',
  chooseEdition: 'Edition to sell',
  youReceive: 'You receive',
  yourListing: 'Your listing',
  notListed: 'not listed',
  floor: 'Pack floor',
  noFloor: 'none listed',
  /** A short line in the row: what accepting gives, before the tap. */
  receiveLine: (receive: string) => `You receive ${receive} TON after royalty and fee`,
  acceptTitle: (price: string, bidder: string) => `Accept ${price} TON from ${bidder}?`,
  offerOf: (serial: number | null) => (serial === null ? 'Offer' : `Offer for #${serial}`),
  acceptNote: 'The buyer pays next; the edition becomes theirs once they do.',
  confirmAccept: (serial: number | null) => (serial === null ? 'Accept offer' : `Accept and sell #${serial}`),
  cancel: 'Cancel',
} as const;

export const STATUS_LABELS = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
} as const;
