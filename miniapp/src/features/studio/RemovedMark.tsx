import type { RemovalReason } from '@stickerdrop/shared';
import { useT } from '../../i18n/translate';
import { studioTexts, type StudioKey } from './messages';
import './removed-mark.css';

/** Why the marketplace removed a pack, in its creator's words; named in full so the catalogue's check sees each. */
const REMOVAL_KEYS = {
  copyright: 'studio.removed.copyright',
  offensive: 'studio.removed.offensive',
  scam: 'studio.removed.scam',
  other: 'studio.removed.other',
  creator_banned: 'studio.removed.creatorBanned',
} as const satisfies Record<RemovalReason, StudioKey>;

/** The same reasons as an owner reads them: only the ban is someone else's ("Its creator was banned"). */
const OWNER_REMOVAL_KEYS = {
  ...REMOVAL_KEYS,
  creator_banned: 'studio.removed.creatorBannedForOwner',
} as const satisfies Record<RemovalReason, StudioKey>;

/** Who reads the mark: the pack's creator, or an owner of one of its editions. */
export type RemovalReader = 'creator' | 'owner';

/** The reason's line for `reader`. */
export function useRemovalReason(reader: RemovalReader): (reason: RemovalReason) => string {
  const t = useT(studioTexts);
  const keys = reader === 'creator' ? REMOVAL_KEYS : OWNER_REMOVAL_KEYS;
  return (reason) => t(keys[reason]);
}

/**
 * "Removed by the marketplace" with why, where an owner or the creator still sees a taken-down pack (its
 * page, an edition's page, a collection card): the pack is no longer bought, sold or given there.
 */
export function RemovedMark({
  reason,
  reader,
  compact = false,
}: {
  reason: RemovalReason;
  reader: RemovalReader;
  /** On a card: one small block instead of the page's notice. */
  compact?: boolean;
}) {
  const t = useT(studioTexts);
  const reasonText = useRemovalReason(reader)(reason);
  return (
    <div className={compact ? 'removed-mark removed-mark--compact' : 'removed-mark'} role="note">
      <span className="removed-mark__badge">{t('studio.status.removed')}</span>
      <span className="removed-mark__reason">{reasonText}</span>
    </div>
  );
}
