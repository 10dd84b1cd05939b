import type { PackDetail, PaymentMethod } from '@stickerdrop/shared';
import { CircleCheck } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { Initial } from '../../components/Initial';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useAuth } from '../auth/AuthProvider';
import { DropCountdown } from '../drops/DropCountdown';
import type { usePurchase } from '../orders/use-purchase';
import { RemovedMark } from '../studio/RemovedMark';
import { packDetailTexts } from './messages';
import { PriceBox } from './PriceBox';
import { PurchaseMoment } from './PurchaseMoment';

interface PackBuyProps {
  pack: PackDetail;
  purchase: ReturnType<typeof usePurchase>;
  choices: PaymentMethod[];
  dropLeftMs: number;
}

/**
 * What a buyer came for, first: on a phone it is the first screen. The title and the creator, the owner's
 * edition (and the moment of buying it), the price and Buy; a removed pack shows why and offers nothing.
 */
export function PackBuy({ pack, purchase, choices, dropLeftMs }: PackBuyProps) {
  const { user } = useAuth();
  // An owner may still be paying for another edition (an accepted offer): its payment step shows.
  const owned = pack.isOwned && !purchase.order;
  return (
    <div className="detail__buy">
      <h1 className="detail__title">{pack.title}</h1>
      <PackCreator creator={pack.creator} />
      {pack.removed ? (
        <RemovedMark reason={pack.removed.reason} reader={pack.creator.id === user?.id ? 'creator' : 'owner'} />
      ) : null}
      {owned ? <OwnedNotice pack={pack} /> : null}
      {owned && purchase.paid ? (
        <PurchaseMoment
          bought={{
            packId: pack.id,
            serial: purchase.paid.edition ?? purchase.paid.serial ?? pack.edition ?? 0,
            supply: pack.maxSupply,
          }}
        />
      ) : null}
      {/* A removed pack is bought, sold and offered for nowhere: none of its actions show. */}
      {pack.removed || owned ? null : (
        <>
          {dropLeftMs > 0 ? <DropCountdown pack={pack} msLeft={dropLeftMs} /> : null}
          <PriceBox pack={pack} choices={choices} purchase={purchase} dropLeftMs={dropLeftMs} />
        </>
      )}
    </div>
  );
}

function PackCreator({ creator }: { creator: PackDetail['creator'] }) {
  const t = useT(packDetailTexts);
  const name = creator.name || t('pack-detail.creatorFallback');
  return (
    <div className="detail__creator">
      <Initial name={name} size={36} />
      <div>
        <div className="detail__handle">{creator.username ? `@${creator.username}` : name}</div>
        <div className="muted">
          {t('pack-detail.creatorStats', { packs: creator.stats.totalStickers, sales: creator.stats.totalSales })}
        </div>
      </div>
    </div>
  );
}

/** "You own edition #N of M" (of a removed pack too), or "You own this pack" when the edition is unknown. */
function OwnedNotice({ pack }: { pack: PackDetail }) {
  const t = useT(packDetailTexts);
  const format = useFormat();
  const edition = pack.edition ? { edition: format.count(pack.edition), supply: format.count(pack.maxSupply) } : null;
  return (
    <div className="notice" role="note">
      <Icon icon={CircleCheck} className="notice__icon" size={20} />
      {edition
        ? t(pack.removed ? 'pack-detail.ownedRemovedEdition' : 'pack-detail.ownedEdition', edition)
        : t('pack-detail.owned')}
    </div>
  );
}
