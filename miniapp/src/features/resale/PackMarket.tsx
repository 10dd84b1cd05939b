import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import type { PackDetail } from '@stickerdrop/shared';
import { Link } from '../../router';
import { useApi } from '../../api/ApiProvider';
import { Loading } from '../../components/Loading';
import { useAuth } from '../auth/AuthProvider';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { ActivityList } from './ActivityList';
import { resaleTexts } from './messages';
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
  const t = useT(resaleTexts);
  const format = useFormat();
  const percent = format.number(pack.royaltyBps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <section className="market" aria-label={t('resale.market.label')}>
      <h2 className="section-title">{t('resale.market.title')}</h2>
      <div className="market__figures">
        <span data-testid="floor">
          {t('resale.market.floor', { price: pack.floorPrice ? format.ton(pack.floorPrice) : '—' })}
        </span>
        <span>{t('resale.market.listedCount', { count: pack.listedCount })}</span>
        <span>
          {pack.lastSale
            ? t('resale.market.lastSale', {
                price: format.ton(pack.lastSale.price),
                serial: t('resale.serial', { serial: String(pack.lastSale.serial) }),
              })
            : t('resale.market.lastSaleNone')}
        </span>
        <span className="muted">{t('resale.market.royalty', { percent })}</span>
      </div>
      {/* Loading, not "No sales" or "No editions listed" before the answer: those would be untrue for a moment. */}
      {history.isPending ? (
        <Loading />
      ) : (
        <PriceChart points={history.data?.points ?? []} floorPrice={pack.floorPrice} />
      )}
      <h3>{t('resale.market.listings')}</h3>
      {listings.isPending ? (
        <Loading />
      ) : listings.data && listings.data.items.length > 0 ? (
        <ul className="market__list market__list--listings" aria-label={t('resale.market.listings')}>
          {listings.data.items.map((listing) => (
            <li key={listing.id} className="market__row">
              <Link to={`/edition?id=${listing.editionId}`}>
                {t('resale.serial', { serial: String(listing.serial) })}
              </Link>
              <span className="market__seller">
                {listing.seller.username ? `@${listing.seller.username}` : listing.seller.name}
              </span>
              <span className="market__price">{format.ton(listing.price)}</span>
              {/* Only one's own listing is refused: an owner of another edition may buy this one too. */}
              <Button
                size="s"
                mode="bezeled"
                disabled={busy || listing.seller.id === user?.id}
                onClick={() => onBuy(listing.id)}
              >
                {t('resale.market.buy')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('resale.market.noListings')}</p>
      )}
      <h3>{t('resale.market.activity')}</h3>
      {activity.isPending ? <Loading /> : <ActivityList items={activity.data?.items ?? []} />}
    </section>
  );
}
