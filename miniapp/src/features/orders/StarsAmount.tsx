import { Star } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import type { PaymentMethod } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { RichText, useT } from '../../i18n/translate';
import { ordersTexts } from './messages';
import { starsPrice, tonText, type StarsTerms } from './stars-price';

/** "★ 550" drawn with an SVG star (no emoji on the page); read out as "550 Stars". */
export function StarsAmount({ stars, size = 16 }: { stars: number; size?: number }) {
  const t = useT(ordersTexts);
  return (
    <span className="stars-amount" data-testid="stars-amount">
      <Icon icon={Star} size={size} className="stars-amount__sign" />
      {/* The unit is read out, not shown: the star says it. */}
      <RichText
        text={t('orders.stars', { count: stars })}
        components={{ unit: <span className="stars-amount__unit" /> }}
      />
    </span>
  );
}

/** An amount in the rail's own unit: Stars for `stars` (when the rate is known), else TON. */
export function RailAmount({ method, amount, terms }: { method: PaymentMethod; amount: string; terms: StarsTerms }) {
  const format = useFormat();
  const stars = method === 'stars' ? starsPrice(amount, terms) : null;
  if (stars !== null) return <StarsAmount stars={stars} />;
  return <>{tonText(format, amount)}</>;
}
