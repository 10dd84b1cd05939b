import { Star } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { CURRENCY, type PaymentMethod } from '@stickerdrop/shared';
import { starsPrice, type StarsTerms } from './stars-price';

/** "★ 550" drawn with an SVG star (no emoji on the page); read out as "550 Stars". */
export function StarsAmount({ stars, size = 16 }: { stars: number; size?: number }) {
  return (
    <span className="stars-amount" data-testid="stars-amount">
      <Icon icon={Star} size={size} className="stars-amount__sign" />
      {stars}
      <span className="stars-amount__unit"> Stars</span>
    </span>
  );
}

/** An amount in the rail's own unit: Stars for `stars` (when the rate is known), else TON. */
export function RailAmount({ method, amount, terms }: { method: PaymentMethod; amount: string; terms: StarsTerms }) {
  const stars = method === 'stars' ? starsPrice(amount, terms) : null;
  if (stars !== null) return <StarsAmount stars={stars} />;
  return (
    <>
      {amount} {CURRENCY}
    </>
  );
}
