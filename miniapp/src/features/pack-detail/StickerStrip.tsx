import type { PackSticker } from '@stickerdrop/shared';
import { apiUrl } from '../../config';
import { useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import { StickerPlayer } from './StickerPlayer';
import './sticker-strip.css';

const STRIP_STICKER_PX = 72;

/**
 * A pack's stickers in a row, each named by its number. Owners and the creator get the full sticker (a
 * signed link) and see it move; everyone else its still, marked when it moves once owned.
 */
export function StickerStrip({ stickers }: { stickers: readonly PackSticker[] }) {
  const t = useT(packDetailTexts);
  return (
    <div className="detail__stickers" data-testid="sticker-strip">
      {stickers.map((sticker, i) => (
        <StickerPlayer
          key={i}
          format={sticker.format}
          src={sticker.fileUrl ? apiUrl(sticker.fileUrl) : null}
          still={sticker.previewUrl ? apiUrl(sticker.previewUrl) : null}
          size={STRIP_STICKER_PX}
          label={t('pack-detail.sticker', { number: i + 1 })}
        />
      ))}
    </div>
  );
}
