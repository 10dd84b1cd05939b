import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, type PackDetail } from '@stickerdrop/shared';
import { Link } from '../../router';
import { useApi } from '../../api/ApiProvider';
import { Loading } from '../../components/Loading';
import { useAuth } from '../auth/AuthProvider';
import { ActivityList } from './ActivityList';
import { PriceChart } from './PriceChart';
import { resaleQueries } from './queries';
import './resale.css';

/** Pack page: floor, listed count, last sale, the listings (each buyable), the 30-day chart and the activity. */
export function PackMarket({ pack, onBuy, busy }: { pack: PackDetail; onBuy(listingId: number): void; busy: boolean }) {
  const api = useApi();
  const { user } = useAuth();
  const listings = useQuery(resaleQueries.listings(api, pack.id));
  const activity = useQuery(resaleQueries.activity(api, pack.id));
  const history = useQuery(resaleQueries.priceHistory(api, pack.id));
  return (
    <section className="market" aria-label="Resale market">
      <h2 className="section-title">Resale</h2>
      <div className="market__figures">
        <span data-testid="floor">Floor: {pack.floorPrice ? `${pack.floorPrice} ${CURRENCY}` : '—'}</span>
        <span>Listed: {pack.listedCount}</span>
        <span>Last sale: {pack.lastSale ? `${pack.lastSale.price} ${CURRENCY} (#${pack.lastSale.serial})` : '—'}</span>
        <span className="muted">Creator royalty {pack.royaltyBps / 100}%</span>
      </div>
      {/* Loading, not "No sales" or "No editions listed" before the answer: those would be untrue for a moment. */}
      {history.isPending ? (
        <Loading />
      ) : (
        <PriceChart points={history.data?.points ?? []} floorPrice={pack.floorPrice} />
      )}
      <h3>Listings</h3>
      {listings.isPending ? (
        <Loading />
      ) : listings.data && listings.data.items.length > 0 ? (
        <ul className="market__list market__list--listings" aria-label="Listings">
          {listings.data.items.map((listing) => (
            <li key={listing.id} className="market__row">
              <Link to={`/edition?id=${listing.editionId}`}>#{listing.serial}</Link>
              <span className="market__seller">
                {listing.seller.username ? `@${listing.seller.username}` : listing.seller.name}
              </span>
              <span className="market__price">
                {listing.price} {CURRENCY}
              </span>
              {/* Only one's own listing is refused: an owner of another edition may buy this one too. */}
              <Button
                size="s"
                mode="bezeled"
                disabled={busy || listing.seller.id === user?.id}
                onClick={() => onBuy(listing.id)}
              >
                Buy
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No editions listed.</p>
      )}
      <h3>Activity</h3>
      {activity.isPending ? <Loading /> : <ActivityList items={activity.data?.items ?? []} />}
    </section>
  );
}
