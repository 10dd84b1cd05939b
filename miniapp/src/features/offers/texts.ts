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
} as const;

export const STATUS_LABELS = {
  open: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
} as const;
