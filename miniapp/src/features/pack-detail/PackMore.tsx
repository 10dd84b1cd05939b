import { Button } from '@telegram-apps/telegram-ui';
import type { PackDetail, PaymentMethod } from '@stickerdrop/shared';
import { AfterFirstScreen } from '../../components/AfterFirstScreen';
import { Eye, Heart, Images, Users } from '../../components/icon-set';
import { HeartIcon } from '../../components/icons';
import { StatTiles } from '../../components/StatTiles';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useAuth } from '../auth/AuthProvider';
import { OffersSection } from '../offers/OffersSection';
import type { usePurchase } from '../orders/use-purchase';
import type { useLike } from '../packs/use-like';
import { PackMarket } from '../resale/PackMarket';
import { AddToTelegramButton } from './AddToTelegramButton';
import { packDetailTexts } from './messages';
import { ReportPack } from './ReportPack';
import type { usePackActions } from './use-pack-actions';

interface PackMoreProps {
  pack: PackDetail;
  purchase: ReturnType<typeof usePurchase>;
  actions: ReturnType<typeof usePackActions>;
  like: ReturnType<typeof useLike>;
  /** How a resale listing is paid for here. */
  resaleChoice: PaymentMethod;
}

/** Below the first screen: what to do with the pack, what it is, its numbers, its market and offers. */
export function PackMore({ pack, purchase, actions, like, resaleChoice }: PackMoreProps) {
  const t = useT(packDetailTexts);
  const format = useFormat();
  const { user } = useAuth();
  return (
    <div className="detail__more">
      <AfterFirstScreen>
        {pack.removed ? null : <PackActions pack={pack} purchase={purchase} actions={actions} like={like} />}
        <p className="detail__description">{pack.description}</p>
        <StatTiles
          label={t('pack-detail.stats.label')}
          tiles={[
            { label: t('pack-detail.stats.likes'), value: format.count(pack.likes), icon: Heart },
            { label: t('pack-detail.stats.owners'), value: format.count(pack.owners), icon: Users },
            { label: t('pack-detail.stats.stickers'), value: format.count(pack.stickersCount), icon: Images },
            { label: t('pack-detail.stats.views'), value: format.count(pack.views), icon: Eye },
          ]}
        />
        <p className="drop-rules">{t('pack-detail.serialRule')}</p>
        {pack.removed ? null : (
          <>
            <PackMarket
              pack={pack}
              busy={purchase.processing}
              onBuy={(listingId) => void purchase.buy(resaleChoice, listingId)}
            />
            <OffersSection packId={pack.id} />
            {user ? <ReportPack packId={pack.id} /> : null}
          </>
        )}
      </AfterFirstScreen>
    </div>
  );
}

/** Like and share; an owner's download and add to Telegram. */
function PackActions({ pack, purchase, actions, like }: Omit<PackMoreProps, 'resaleChoice'>) {
  const t = useT(packDetailTexts);
  const format = useFormat();
  return (
    <div className="detail__actions">
      <Button
        mode={pack.isFavorite ? 'filled' : 'bezeled'}
        size="s"
        before={<HeartIcon filled={pack.isFavorite} />}
        aria-pressed={pack.isFavorite}
        aria-label={t('pack-detail.like', { count: pack.likes })}
        disabled={like.pending}
        onClick={() => like.toggle(pack.id)}
      >
        {format.count(pack.likes)}
      </Button>
      <Button mode="bezeled" size="s" onClick={() => void actions.share()}>
        {t('pack-detail.share')}
      </Button>
      {pack.isOwned ? (
        <>
          <Button mode="bezeled" size="s" loading={actions.downloading} onClick={() => void actions.download()}>
            {t('pack-detail.download')}
          </Button>
          {/* Just bought: the moment above has it, and one Secondary Button is all Telegram shows. */}
          {purchase.paid ? null : (
            <AddToTelegramButton
              pending={actions.addToTelegram.isPending}
              onAdd={() => actions.addToTelegram.mutate(pack.id)}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
