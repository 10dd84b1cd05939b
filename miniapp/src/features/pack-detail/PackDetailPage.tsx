import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../router';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { CircleCheck, Eye, Heart, Image as ImageIcon, Images, Users } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { parsePackId } from '@stickerdrop/shared';
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
import { ownedEmojiPack, StickerGrid } from './StickerGrid';
import { ReportPack } from './ReportPack';
import { useAuth } from '../auth/AuthProvider';
import { PriceBox } from './PriceBox';
import { routeOrderId, useOrderFromRoute } from './use-order-from-route';
import { usePackActions } from './use-pack-actions';
import { PurchaseMoment } from './PurchaseMoment';
import { usePurchase } from '../orders/use-purchase';
import { OffersSection } from '../offers/OffersSection';
import { PackMarket } from '../resale/PackMarket';
import { DropCountdown } from '../drops/DropCountdown';
import { useCountdown } from '../drops/use-countdown';
import { resaleQueries } from '../resale/queries';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import { RemovedMark } from '../studio/RemovedMark';
import './pack-detail.css';

export function PackDetailPage() {
  const api = useApi();
  const t = useT(packDetailTexts);
  const format = useFormat();
  const { inside } = useTelegram();
  const [params] = useSearchParams();
  const id = parsePackId(params.get('id'));
  const pack = useQuery({ ...packQueries.detail(api, id ?? 0), enabled: id !== null });
  const clientConfig = useQuery(configQueries.detail(api));
  const like = useLike();
  const { user } = useAuth();
  const actions = usePackActions(pack.data, clientConfig.data?.botUsername ?? null);
  const purchase = usePurchase(id ?? 0);
  useOrderFromRoute(purchase);
  const queryClient = useQueryClient();
  // The listings are asked for with the page, as before, but only the price box and the market read them:
  // their answer re-renders those, not the whole page (a pack's Main Button follows its cheapest listing).
  useEffect(() => {
    if (id !== null) void queryClient.prefetchQuery(resaleQueries.listings(api, id));
  }, [queryClient, api, id]);
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
          header={t('pack-detail.notFound.title')}
          description={t('pack-detail.notFound.text')}
          action={<ButtonLink to="/marketplace">{t('pack-detail.notFound.browse')}</ButtonLink>}
        />
      </Page>
    );
  }

  const data = pack.data;
  const image = data.previewUrl ?? data.imageUrl;
  const creatorName = data.creator.name || t('pack-detail.creatorFallback');
  const creatorHandle = data.creator.username ? `@${data.creator.username}` : creatorName;

  return (
    <Page webBack>
      <article className="detail">
        <div className="detail__media">
          {image ? (
            <DetailPicture imageUrl={image} alt={data.title} />
          ) : (
            <div className="pack-card__placeholder" aria-label={t('pack-detail.noImage')}>
              <Icon icon={ImageIcon} size={72} />
            </div>
          )}
          {data.stickers.length > 1 || data.animated ? (
            <StickerGrid stickers={data.stickers} emojiPack={ownedEmojiPack(data, api)} />
          ) : null}
        </div>

        <div className="detail__info">
          {/* What a buyer came for (price, what is left, Buy) comes first: on a phone it is in the first screen. */}
          <div className="detail__buy">
            <h1 className="detail__title">{data.title}</h1>
            <div className="detail__creator">
              <Initial name={creatorName} size={36} />
              <div>
                <div className="detail__handle">{creatorHandle}</div>
                <div className="muted">
                  {t('pack-detail.creatorStats', {
                    packs: data.creator.stats.totalStickers,
                    sales: data.creator.stats.totalSales,
                  })}
                </div>
              </div>
            </div>
            {data.removed ? (
              <RemovedMark reason={data.removed.reason} reader={data.creator.id === user?.id ? 'creator' : 'owner'} />
            ) : null}
            {/* An owner may still be paying for another edition (an accepted offer): its payment step shows. */}
            {data.isOwned && !purchase.order ? (
              <div className="notice" role="note">
                <Icon icon={CircleCheck} className="notice__icon" size={20} />
                {data.edition && data.removed
                  ? t('pack-detail.ownedRemovedEdition', {
                      edition: format.count(data.edition),
                      supply: format.count(data.maxSupply),
                    })
                  : data.edition
                    ? t('pack-detail.ownedEdition', {
                        edition: format.count(data.edition),
                        supply: format.count(data.maxSupply),
                      })
                    : t('pack-detail.owned')}
              </div>
            ) : null}
            {data.isOwned && !purchase.order && purchase.paid ? (
              <PurchaseMoment
                bought={{
                  packId: data.id,
                  serial: purchase.paid.edition ?? purchase.paid.serial ?? data.edition ?? 0,
                  supply: data.maxSupply,
                }}
              />
            ) : null}
            {/* A removed pack is bought, sold and offered for nowhere: none of its actions show. */}
            {data.removed || (data.isOwned && !purchase.order) ? null : (
              <>
                {dropLeftMs > 0 ? <DropCountdown pack={data} msLeft={dropLeftMs} /> : null}
                <PriceBox
                  pack={data}
                  choices={paymentChoices(clientConfig.data?.paymentMethods, inside)}
                  purchase={purchase}
                  dropLeftMs={dropLeftMs}
                />
              </>
            )}
          </div>
          <div className="detail__more">
            <AfterFirstScreen>
              {data.removed ? null : (
                <div className="detail__actions">
                  <Button
                    mode={data.isFavorite ? 'filled' : 'bezeled'}
                    size="s"
                    before={<HeartIcon filled={data.isFavorite} />}
                    aria-pressed={data.isFavorite}
                    aria-label={t('pack-detail.like', { count: data.likes })}
                    disabled={like.pending}
                    onClick={() => like.toggle(data.id)}
                  >
                    {format.count(data.likes)}
                  </Button>
                  <Button mode="bezeled" size="s" onClick={() => void actions.share()}>
                    {t('pack-detail.share')}
                  </Button>
                  {data.isOwned ? (
                    <>
                      <Button
                        mode="bezeled"
                        size="s"
                        loading={actions.downloading}
                        onClick={() => void actions.download()}
                      >
                        {t('pack-detail.download')}
                      </Button>
                      {/* Just bought: the moment above has it, and one Secondary Button is all Telegram shows. */}
                      {purchase.paid ? null : (
                        <AddToTelegramButton
                          pending={actions.addToTelegram.isPending}
                          onAdd={() => actions.addToTelegram.mutate(data.id)}
                        />
                      )}
                    </>
                  ) : null}
                </div>
              )}
              <p className="detail__description">{data.description}</p>

              <StatTiles
                label={t('pack-detail.stats.label')}
                tiles={[
                  { label: t('pack-detail.stats.likes'), value: format.count(data.likes), icon: Heart },
                  { label: t('pack-detail.stats.owners'), value: format.count(data.owners), icon: Users },
                  { label: t('pack-detail.stats.stickers'), value: format.count(data.stickersCount), icon: Images },
                  { label: t('pack-detail.stats.views'), value: format.count(data.views), icon: Eye },
                ]}
              />
              <p className="drop-rules">{t('pack-detail.serialRule')}</p>
              {data.removed ? null : (
                <>
                  <PackMarket
                    pack={data}
                    busy={purchase.processing}
                    onBuy={(listingId) =>
                      void purchase.buy(resalePaymentChoice(clientConfig.data?.paymentMethods), listingId)
                    }
                  />
                  <OffersSection packId={data.id} />
                  {user ? <ReportPack packId={data.id} /> : null}
                </>
              )}
            </AfterFirstScreen>
          </div>
        </div>
      </article>
    </Page>
  );
}
