import { Link } from '../../router';
import type { ActivityItem } from '@stickerdrop/shared';
import { RelativeTime } from '../../components/RelativeTime';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { resaleTexts, type ResaleKey } from './messages';

const VERB: Record<ActivityItem['type'], ResaleKey> = {
  mint: 'resale.activity.mint',
  list: 'resale.activity.list',
  reprice: 'resale.activity.reprice',
  delist: 'resale.activity.delist',
  sale: 'resale.activity.sale',
  gift: 'resale.activity.gift',
};

/**
 * The feed of a pack or an edition, newest first: what happened, the price and when, each in its own
 * column so prices and times line up from row to row. `now` is for tests.
 */
export function ActivityList({ items, now }: { items: ActivityItem[]; now?: Date }) {
  const t = useT(resaleTexts);
  const format = useFormat();
  if (items.length === 0) return <p className="muted">{t('resale.activity.empty')}</p>;
  return (
    <ul className="market__list market__list--activity" aria-label={t('resale.activity.label')} data-testid="activity">
      {items.map((item, index) => (
        <li key={`${item.at}-${item.type}-${item.serial}-${index}`} className="market__row">
          <span className="market__event">
            {t(VERB[item.type])}{' '}
            <Link to={`/edition?id=${item.editionId}`}>{t('resale.serial', { serial: String(item.serial) })}</Link>
            {item.from && item.type === 'sale' ? t('resale.activity.by', { name: item.from.name }) : ''}
            {item.to ? t('resale.activity.to', { name: item.to.name }) : ''}
          </span>
          <span className="market__price">{item.price ? format.ton(item.price) : ''}</span>
          <span className="market__time">
            <RelativeTime at={item.at} now={now} />
          </span>
        </li>
      ))}
    </ul>
  );
}
