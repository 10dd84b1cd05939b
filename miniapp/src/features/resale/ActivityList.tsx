import { Link } from 'react-router-dom';
import { CURRENCY, type ActivityItem } from '@stickerdrop/shared';

const VERB: Record<ActivityItem['type'], string> = {
  mint: 'Minted',
  list: 'Listed',
  reprice: 'Price changed',
  delist: 'Listing cancelled',
  sale: 'Sold',
};

/** The feed of a pack or an edition, newest first. */
export function ActivityList({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) return <p className="muted">No activity yet.</p>;
  return (
    <ul className="market__list" aria-label="Activity" data-testid="activity">
      {items.map((item, index) => (
        <li key={`${item.at}-${item.type}-${item.serial}-${index}`} className="market__row">
          <span>
            {VERB[item.type]} <Link to={`/edition?id=${item.editionId}`}>#{item.serial}</Link>
            {item.from && item.type === 'sale' ? ` by ${item.from.name}` : ''}
            {item.to ? ` to ${item.to.name}` : ''}
          </span>
          <span>{item.price ? `${item.price} ${CURRENCY}` : ''}</span>
          <time className="muted" dateTime={item.at}>
            {new Date(item.at).toLocaleDateString()}
          </time>
        </li>
      ))}
    </ul>
  );
}
