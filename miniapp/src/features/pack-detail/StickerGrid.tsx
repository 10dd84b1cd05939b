import { lazy, Suspense, useState } from 'react';
import type { CustomEmojiResponse, PackDetail, PackSticker } from '@stickerdrop/shared';
import type { ApiClient } from '../../api/client';
import type { EmojiPack } from './EmojiStatusAction';
import { useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import { StickerPlayer } from './StickerPlayer';
import { stickerSources } from './sticker-sources';
import './sticker-grid.css';

const GRID_STICKER_PX = 64;

/**
 * A custom emoji pack the viewer owns, whose stickers can become their emoji status, with how to ask for
 * the ids Telegram gave them; undefined for any other pack. The page hands over the API, so the viewer's
 * chunk does not import the API's module itself (which split Home's shared code into one more chunk).
 */
export function ownedEmojiPack(
  pack: Pick<PackDetail, 'id' | 'kind' | 'isOwned'> | undefined,
  api: ApiClient,
): EmojiPack | undefined {
  if (pack?.kind !== 'emoji' || !pack.isOwned) return undefined;
  const { id } = pack;
  return {
    id,
    customEmojiIds: (signal) => api.request<CustomEmojiResponse>(`/api/stickers/${id}/custom-emoji`, { signal }),
  };
}

const StickerViewer = lazy(() => import('./StickerViewer').then((module) => ({ default: module.StickerViewer })));

/**
 * A pack's stickers in rows, as Telegram previews a set: all of a 30-sticker pack at a glance, each named
 * by its number (on a phone under the price and Buy, which keep the first screen). Tapping one opens it
 * large. Owners and the creator get the full sticker (a signed link)
 * and see it move; everyone else its still, marked when it moves once owned. `emojiPack` is a custom emoji
 * pack the viewer owns, whose stickers can become their emoji status.
 */
export function StickerGrid({ stickers, emojiPack }: { stickers: readonly PackSticker[]; emojiPack?: EmojiPack }) {
  const t = useT(packDetailTexts);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className="detail__stickers sticker-grid" data-testid="sticker-strip" aria-label={t('pack-detail.stickers')}>
        {stickers.map((sticker, i) => (
          <li key={i}>
            <button
              type="button"
              className="sticker-grid__item"
              aria-label={t('pack-detail.openSticker', { number: i + 1 })}
              onClick={() => setOpen(i)}
            >
              <StickerPlayer
                {...stickerSources(sticker)}
                size={GRID_STICKER_PX}
                label={t('pack-detail.sticker', { number: i + 1 })}
              />
            </button>
          </li>
        ))}
      </ul>
      {open === null ? null : (
        <Suspense fallback={null}>
          <StickerViewer
            stickers={stickers}
            index={open}
            onIndex={setOpen}
            onClose={() => setOpen(null)}
            emojiPack={emojiPack}
          />
        </Suspense>
      )}
    </>
  );
}
