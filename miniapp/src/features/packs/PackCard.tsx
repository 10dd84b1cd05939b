import type { MouseEvent } from 'react';
import { Link } from '../../router';
import { Eye, Flame, Heart, Image as ImageIcon, ShoppingCart, Sparkles } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import {
  CARD_DESCRIPTION_LINES,
  CARD_IMAGE_SIZES,
  CARD_STAGGER_S,
  FEW_LEFT_THRESHOLD,
  PREVIEW_SIZE_PX,
  cardImageSrcset,
  isSoldOut,
  remainingSupply,
  type PackCard as PackCardData,
} from '@stickerdrop/shared';
import { apiUrl } from '../../config';
import { fetchPriority } from '../../components/fetch-priority';
import { useNearScreen } from '../../components/use-near-screen';
import { HeartIcon } from '../../components/icons';
import { Initial } from '../../components/Initial';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { cardPrice, creatorName, counter } from './card-fields';
import { packsTexts } from './messages';
import './pack-card.css';

export type CardPack = Partial<PackCardData> &
  Pick<PackCardData, 'id' | 'title'> & { purchasePrice?: string; edition?: number | null };

export interface PackCardProps {
  pack: CardPack;
  /** Position in the grid: each card enters 0.1 s after the one before (SPEC §9). */
  index?: number;
  view?: 'grid' | 'list';
  /** Collection context: show what the buyer paid instead of today's price. */
  showPurchaseInfo?: boolean;
  onToggleFavorite?: (pack: CardPack) => void;
}

/** SPEC §2 pack card. The whole card links to the pack's detail page. */
export function PackCard({
  pack,
  index = 0,
  view = 'grid',
  showPurchaseInfo = false,
  onToggleFavorite,
}: PackCardProps) {
  const image = pack.imageUrl ?? pack.previewUrl ?? null;
  // The first card is the phone's largest paint and asks at once; the others only once near the screen.
  const first = index === 0;
  const { ref: media, near: pictureWanted } = useNearScreen<HTMLDivElement>(!first && image !== null);
  const favorite = Boolean(pack.isFavorite);
  const stock = pack.maxSupply ? { maxSupply: pack.maxSupply, soldCount: pack.soldCount ?? 0 } : null;
  const t = useT(packsTexts);
  const format = useFormat();
  const soldOut = stock !== null && isSoldOut(stock);
  const left = stock ? remainingSupply(stock) : null;
  // SPEC §2's badge: Sold out, or how many are left once few are.
  const supply = soldOut
    ? t('packs.card.soldOut')
    : left !== null && left <= FEW_LEFT_THRESHOLD
      ? t('packs.card.left', { count: left })
      : null;
  const toggleFavorite = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onToggleFavorite?.(pack);
  };

  return (
    <Link
      to={`/sticker?id=${pack.id}`}
      className={`pack-card pack-card--${view}`}
      style={{ animationDelay: `${index * CARD_STAGGER_S}s` }}
      data-testid="pack-card"
    >
      <div className="pack-card__media" ref={media}>
        {image && pictureWanted ? (
          <img
            src={apiUrl(image)}
            srcSet={cardImageSrcset(apiUrl(image))}
            sizes={CARD_IMAGE_SIZES[view]}
            alt={pack.title}
            width={PREVIEW_SIZE_PX}
            height={PREVIEW_SIZE_PX}
            // Lazy as well: a browser without IntersectionObserver counts every card as near.
            loading={first ? 'eager' : 'lazy'}
            {...fetchPriority(first)}
          />
        ) : image ? null : (
          <div className="pack-card__placeholder" aria-label={t('packs.card.noImage')}>
            <Icon icon={ImageIcon} size={40} />
          </div>
        )}
        {pack.isTrending ? (
          <span className="pack-card__badge pack-card__badge--trending">
            <Icon icon={Flame} size={12} /> {t('packs.card.trending')}
          </span>
        ) : pack.isNew ? (
          <span className="pack-card__badge pack-card__badge--new">
            <Icon icon={Sparkles} size={12} /> {t('packs.card.new')}
          </span>
        ) : null}
        {pack.kind === 'emoji' || pack.animated ? (
          <span className="pack-card__kind" data-testid="card-kind">
            {t(pack.kind === 'emoji' ? 'packs.card.emoji' : pack.video ? 'packs.card.video' : 'packs.card.animated')}
          </span>
        ) : null}
        {supply ? (
          <span className={`pack-card__supply${soldOut ? ' pack-card__supply--out' : ''}`} data-testid="card-supply">
            {supply}
          </span>
        ) : null}
        <button
          type="button"
          className={`pack-card__heart${favorite ? ' pack-card__heart--on' : ''}`}
          aria-label={t(favorite ? 'packs.card.removeFavourite' : 'packs.card.addFavourite')}
          aria-pressed={favorite}
          onClick={toggleFavorite}
        >
          <HeartIcon filled={favorite} />
        </button>
        <div className="pack-card__overlay" aria-hidden="true">
          <span>{t('packs.card.details')}</span>
        </div>
      </div>
      <div className="pack-card__body">
        <div className="pack-card__head">
          <h3 className="pack-card__title" title={pack.title}>
            {pack.title}
          </h3>
          <span className="pack-card__price">
            {t(showPurchaseInfo && pack.purchasePrice ? 'packs.card.paid' : 'packs.card.price', {
              price: format.tonAmount(cardPrice(pack, showPurchaseInfo)),
            })}
          </span>
        </div>
        {pack.floorPrice ? (
          <span className="pack-card__floor" data-testid="card-floor">
            {t('packs.card.floor', { price: format.tonAmount(pack.floorPrice) })}
          </span>
        ) : null}
        {showPurchaseInfo && pack.edition ? (
          <span className="pack-card__edition">
            {pack.maxSupply
              ? t('packs.card.editionOf', {
                  edition: format.count(pack.edition),
                  supply: format.count(pack.maxSupply),
                })
              : t('packs.card.edition', { edition: format.count(pack.edition) })}
          </span>
        ) : null}
        <p className="pack-card__description" style={{ WebkitLineClamp: CARD_DESCRIPTION_LINES }}>
          {pack.description}
        </p>
        <div className="pack-card__counters">
          <span title={t('packs.card.views')}>
            <Icon icon={Eye} size={14} /> {format.count(counter(pack.views))}
          </span>
          <span title={t('packs.card.likes')}>
            <Icon icon={Heart} size={14} /> {format.count(counter(pack.likes))}
          </span>
          <span title={t('packs.card.sales')}>
            <Icon icon={ShoppingCart} size={14} /> {format.count(counter(pack.sales))}
          </span>
        </div>
        <div className="pack-card__creator">
          <Initial name={creatorName(pack, t('packs.card.creatorFallback'))} size={22} />
          <span>{creatorName(pack, t('packs.card.creatorFallback'))}</span>
        </div>
      </div>
    </Link>
  );
}
