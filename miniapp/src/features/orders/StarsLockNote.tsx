import { DEFAULT_STARS_RESALE_LOCK_DAYS } from '@stickerdrop/shared';
import { useT } from '../../i18n/translate';
import { ordersTexts } from './messages';
import { Lock } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import type { StarsTerms } from './stars-price';

/** Said before a Stars payment, not first on the collection card after it: the resale lock it brings. */
export function StarsLockNote({ terms }: { terms: StarsTerms }) {
  const t = useT(ordersTexts);
  const days = terms?.starsResaleLockDays ?? DEFAULT_STARS_RESALE_LOCK_DAYS;
  if (days <= 0) return null;
  return (
    <p className="stars-lock-note" role="note" data-testid="stars-lock-note">
      <Icon icon={Lock} size={16} className="stars-lock-note__icon" />
      <span>{t('orders.starsLock', { days })}</span>
    </p>
  );
}
