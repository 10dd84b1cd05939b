import { Link } from '../../router';
import { CURRENCY, type ActivityItem } from '@stickerdrop/shared';
import { RelativeTime } from '../../components/RelativeTime';

const VERB: Record<ActivityItem['type'], string> = {
  mint: 'Minted',
  list: 'Listed',
  reprice: 'Price changed',
  delist: 'Listing cancelled',
  sale: 'Sold',
  gift: 'Gifted',
};

/**
 * The feed of a pack or an edition, newest first: what happened, the price and when, each in its own
 * column so prices and times line up from row to row. `now` is for tests.
 */
export function ActivityList({ items, now }: { items: ActivityItem[]; now?: Date }) {
  if (items.length === 0) return <p className="muted">No activity yet.</p>;
  return (
    <ul className="market__list market__list--activity" aria-label="Activity" data-testid="activity">
      {items.map((item, index) => (
        <li key={`${item.at}-${item.type}-${item.serial}-${index}`} className="market__row">
          <span className="market__event">
            {VERB[item.type]} <Link to={`/edition?id=${item.editionId}`}>#{item.serial}</Link>
            {item.from && item.type === 'sale' ? ` by ${item.from.name}` : ''}
            {item.to ? ` to ${item.to.name}` : ''}
          </span>
          <span className="market__price">{item.price ? `${item.price} ${CURRENCY}` : ''}</span>
          <span className="market__time">
            <RelativeTime at={item.at} now={now} />
          </span>
        </li>
      ))}
    </ul>
  );
}
