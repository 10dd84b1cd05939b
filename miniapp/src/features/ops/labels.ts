import type { ReportReason } from '@stickerdrop/shared';
import type { OpsKey } from './messages';

/** Each reason's words, named in full so the catalogue's check sees every key used. */
export const REASON_KEYS = {
  copyright: 'ops.reason.copyright',
  offensive: 'ops.reason.offensive',
  scam: 'ops.reason.scam',
  other: 'ops.reason.other',
} as const satisfies Record<ReportReason, OpsKey>;

/** A removal's or an action's reason: the known ones in words, a ban's free text as written. */
export const REMOVAL_KEYS: Record<string, OpsKey> = { ...REASON_KEYS, creator_banned: 'ops.reason.creatorBanned' };

export const RAIL_KEYS: Record<string, OpsKey> = {
  ton: 'ops.rail.ton',
  stars: 'ops.rail.stars',
  stripe: 'ops.rail.stripe',
  demo: 'ops.rail.demo',
};

export const STATUS_KEYS: Record<string, OpsKey> = {
  pending: 'ops.status.pending',
  failed: 'ops.status.failed',
  manual: 'ops.status.manual',
  held: 'ops.status.held',
  none: 'ops.status.none',
};

export const ACTION_KEYS: Record<string, OpsKey> = {
  'pack.takedown': 'ops.audit.did.takedown',
  'pack.restore': 'ops.audit.did.restore',
  'user.ban': 'ops.audit.did.ban',
  'user.unban': 'ops.audit.did.unban',
  'refund.retry': 'ops.audit.did.refundRetry',
  'payout.release': 'ops.audit.did.payoutRelease',
};

export const TARGET_KEYS: Record<string, OpsKey> = {
  pack: 'ops.audit.on.pack',
  user: 'ops.audit.on.user',
  payment: 'ops.audit.on.payment',
  payout: 'ops.audit.on.payout',
};
