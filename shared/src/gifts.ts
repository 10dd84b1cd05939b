/** Gifts: an owner sends an edition to whoever opens its link. */

/** What a gift's link may say beside the edition, in characters (the free-text rule applies too). */
export const GIFT_NOTE_MAX_LENGTH = 140;

/** How long a gift waits to be claimed before it returns to its sender (GIFT_CLAIM_DAYS). */
export const DEFAULT_GIFT_CLAIM_DAYS = 7;

/** pending until claimed, cancelled by its sender, or expired back to them. */
export const GIFT_STATES = ['pending', 'claimed', 'cancelled', 'expired'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

export const GIFT_ERRORS = {
  notFound: 'Gift not found',
  pending: 'This edition is waiting to be claimed as a gift',
  ownGift: 'You cannot claim your own gift',
  claimed: 'This gift has been claimed already',
  closed: 'This gift can no longer be claimed',
  packRemoved: 'This gift can no longer be claimed: the marketplace removed its pack',
  notSender: 'Only the sender can cancel this gift',
  onlySenderShares: 'Only the sender can share this gift',
  noteTooLong: `A gift note is up to ${GIFT_NOTE_MAX_LENGTH} characters`,
  needsBot: 'Gifts are sent through the Telegram bot, which is not set up here',
} as const;
