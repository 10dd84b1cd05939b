import { lazy, Suspense } from 'react';
import type { PackSticker } from '@stickerdrop/shared';
import { apiUrl } from '../../config';
import './sticker-strip.css';

// The player (and lottie-web behind it) loads only where a pack's stickers are shown.
const StickerPlayer = lazy(() => import('./StickerPlayer').then((m) => ({ default: m.StickerPlayer })));

const STRIP_STICKER_PX = 72;

/**
 * A pack's stickers in a row, each named by its number. Owners and the creator get the full sticker (a
 * signed link) and see it move; everyone else its still, marked when it moves once owned.
 */
export function StickerStrip({ stickers }: { stickers: readonly PackSticker[] }) {
  const placeholders = stickers.map((_, i) => (
    <div key={i} className="detail__sticker-placeholder" aria-label={`Sticker ${i + 1}`} />
  ));
  return (
    <div className="detail__stickers" data-testid="sticker-strip">
      <Suspense fallback={placeholders}>
        {stickers.map((sticker, i) => (
          <StickerPlayer
            key={i}
            format={sticker.format}
            src={sticker.fileUrl ? apiUrl(sticker.fileUrl) : null}
            still={sticker.previewUrl ? apiUrl(sticker.previewUrl) : null}
            size={STRIP_STICKER_PX}
            label={`Sticker ${i + 1}`}
          />
        ))}
      </Suspense>
    </div>
  );
}
