import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../router';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { CircleCheck, Eye, Heart, Image as ImageIcon, Images, Users } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { DROP_TEXTS, MESSAGES, parsePackId } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { AfterFirstScreen } from '../../components/AfterFirstScreen';
import { HeartIcon } from '../../components/icons';
import { Initial } from '../../components/Initial';
import { Loading } from '../../components/Loading';
import { StatTiles } from '../../components/StatTiles';
import { Page } from '../../telegram/Page';
import { useTelegram } from '../../telegram/TelegramProvider';
import { configQueries } from '../config/queries';
import { paymentChoices, resalePaymentChoice } from '../orders/payment-methods';
import { packQueries } from '../packs/queries';
import { DetailPicture } from '../packs/DetailPicture';
import { useLike } from '../packs/use-like';
import { AddToTelegramButton } from './AddToTelegramButton';
import { StickerStrip } from './StickerStrip';
import { PriceBox } from './PriceBox';
import { routeOrderId, useOrderFromRoute } from './use-order-from-route';
import { usePackActions } from './use-pack-actions';
import { usePurchase } from '../orders/use-purchase';
import { OffersSection } from '../offers/OffersSection';
import { PackMarket } from '../resale/PackMarket';
import { DropCountdown } from '../drops/DropCountdown';
import { useCountdown } from '../drops/use-countdown';
import { resaleQueries } from '../resale/queries';
import './pack-detail.css';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function PackDetailPage() {
  const api = useApi();
  const { inside } = useTelegram();
  const [params] = useSearchParams();
  const id = parsePackId(params.get('id'));
  const pack = useQuery({ ...packQueries.detail(api, id ?? 0), enabled: id !== null });
  const clientConfig = useQuery(configQueries.detail(api));
  const like = useLike();
  const actions = usePackActions(pack.data, clientConfig.data?.botUsername ?? null);
  const purchase = usePurchase(id ?? 0);
  useOrderFromRoute(purchase);
  const listings = useQuery({ ...resaleQueries.listings(api, id ?? 0), enabled: id !== null });
  const cheapest = listings.data?.items[0] ?? null;
  const dropLeftMs = useCountdown(pack.data?.dropsAt ?? null);

  // A link naming only an order (the bot's Pay button) waits for the order to name its pack.
  if ((id !== null && pack.isPending) || (id === null && routeOrderId(params))) {
    return (
      <Page webBack>
        <Loading />
      </Page>
    );
  }
  if (id === null || pack.isError || !pack.data) {
    return (
      <Page webBack>
        <Placeholder
          header={MESSAGES.packNotFound}
          description={MESSAGES.packNotFoundDetail}
          action={<ButtonLink to="/marketplace">Browse Marketplace</ButtonLink>}
        />
      </Page>
    );
  }

  const data = pack.data;
  const image = data.previewUrl ?? data.imageUrl;
  const creatorHandle = data.creator.username ? `@${data.creator.username}` : data.creator.name || 'Creator';

  return (
    <Page webBack>
      <article className="detail">
        <div className="detail__media">
          {image ? (
            <DetailPicture imageUrl={image} alt={data.title} />
          ) : (
            <div className="pack-card__placeholder" aria-label="No image">
              <Icon icon={ImageIcon} size={72} />
            </div>
          )}
          {data.stickers.length > 1 || data.animated ? <StickerStrip stickers={data.stickers} /> : null}
        </div>

        <div className="detail__info">
          {/* What a buyer came for (price, what is left, Buy) comes first: on a phone it is in the first screen. */}
          <div className="detail__buy">
            <h1 className="detail__title">{data.title}</h1>
            <div className="detail__creator">
              <Initial name={data.creator.name || 'Creator'} size={36} />
              <div>
                <div className="detail__handle">{creatorHandle}</div>
                <div className="muted">
                  {plural(data.creator.stats.totalStickers, 'pack')} · {plural(data.creator.stats.totalSales, 'sale')}
                </div>
              </div>
            </div>
            {/* An owner may still be paying for another edition (an accepted offer): its payment step shows. */}
            {data.isOwned && !purchase.order ? (
              <div className="notice" role="note">
                <Icon icon={CircleCheck} className="notice__icon" size={20} />
                You own this pack{data.edition ? ` (edition #${data.edition} of ${data.maxSupply})` : ''}. Download it
                or add it to Telegram.
              </div>
            ) : (
              <>
                {dropLeftMs > 0 ? <DropCountdown pack={data} msLeft={dropLeftMs} /> : null}
                <PriceBox
                  pack={data}
                  choices={paymentChoices(clientConfig.data?.paymentMethods, inside)}
                  purchase={purchase}
                  cheapest={cheapest}
                  dropLeftMs={dropLeftMs}
                />
              </>
            )}
          </div>
          <div className="detail__more">
            <AfterFirstScreen>
              <div className="detail__actions">
                <Button
                  mode={data.isFavorite ? 'filled' : 'bezeled'}
                  size="s"
                  before={<HeartIcon filled={data.isFavorite} />}
                  aria-pressed={data.isFavorite}
                  aria-label={`Like (${data.likes})`}
                  disabled={like.pending}
                  onClick={() => like.toggle(data.id)}
                >
                  {data.likes}
                </Button>
                <Button mode="bezeled" size="s" onClick={() => void actions.share()}>
                  Share
                </Button>
                {data.isOwned ? (
                  <>
                    <Button
                      mode="bezeled"
                      size="s"
                      loading={actions.downloading}
                      onClick={() => void actions.download()}
                    >
                      Download
                    </Button>
                    <AddToTelegramButton
                      pending={actions.addToTelegram.isPending}
                      onAdd={() => actions.addToTelegram.mutate(data.id)}
                    />
                  </>
                ) : null}
              </div>
              <p className="detail__description">{data.description}</p>

              <StatTiles
                label="Pack statistics"
                tiles={[
                  { label: 'Likes', value: data.likes, icon: Heart },
                  { label: 'Owners', value: data.owners, icon: Users },
                  { label: 'Stickers', value: data.stickersCount, icon: Images },
                  { label: 'Views', value: data.views, icon: Eye },
                ]}
              />
              <p className="drop-rules">{DROP_TEXTS.serialRule}</p>
              <PackMarket
                pack={data}
                busy={purchase.processing}
                onBuy={(listingId) =>
                  void purchase.buy(resalePaymentChoice(clientConfig.data?.paymentMethods), listingId)
                }
              />
              <OffersSection packId={data.id} />
            </AfterFirstScreen>
          </div>
        </div>
      </article>
    </Page>
  );
}
