import type { PackDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { Image as ImageIcon } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { useT } from '../../i18n/translate';
import { DetailPicture } from '../packs/DetailPicture';
import { packDetailTexts } from './messages';
import { ownedEmojiPack, StickerGrid } from './StickerGrid';

/** The pack's picture, then its stickers when it has more than one or they move. */
export function PackMedia({ pack }: { pack: PackDetail }) {
  const api = useApi();
  const t = useT(packDetailTexts);
  const image = pack.previewUrl ?? pack.imageUrl;
  return (
    <div className="detail__media">
      {image ? (
        <DetailPicture imageUrl={image} alt={pack.title} />
      ) : (
        <div className="pack-card__placeholder" aria-label={t('pack-detail.noImage')}>
          <Icon icon={ImageIcon} size={72} />
        </div>
      )}
      {pack.stickers.length > 1 || pack.animated ? (
        <StickerGrid stickers={pack.stickers} emojiPack={ownedEmojiPack(pack, api)} />
      ) : null}
    </div>
  );
}
