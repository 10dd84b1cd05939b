/** The operator's desk: reports on packs, takedowns, bans, and the refusals they bring. */

/** Why a person reports a pack, and why an operator takes one down. */
export const REPORT_REASONS = ['copyright', 'offensive', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a report may say beside its reason, in characters. */
export const REPORT_DETAILS_MAX_LENGTH = 500;
/** What an operator's note or ban reason may say, in characters. */
export const OPS_NOTE_MAX_LENGTH = 1000;

/**
 * Why a pack is not listed: an operator took it down for one of the report reasons, or its creator was
 * banned (hidden until an operator reviews it).
 */
export const REMOVAL_REASONS = [...REPORT_REASONS, 'creator_banned'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

export const OPS_ERRORS = {
  operatorsOnly: 'Only the marketplace’s operators can do this',
  reportOpen: 'You have already reported this pack; the marketplace is looking into it',
  reportDetailsTooLong: `A report says at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
  noteTooLong: `A note says at most ${OPS_NOTE_MAX_LENGTH} characters`,
  packRemoved: 'This pack was removed by the marketplace',
  packAlreadyRemoved: 'This pack is taken down already',
  packNotRemoved: 'This pack is not taken down',
  banned: 'This account is banned from the marketplace',
  alreadyBanned: 'This account is banned already',
  notBanned: 'This account is not banned',
  userNotFound: 'User not found',
  refundNotRetryable: 'Only a pending or failed refund can be retried',
  payoutNotHeld: 'This payout is not waiting for an operator',
} as const;
