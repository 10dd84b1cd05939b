import { useEffect, useRef } from 'react';
import type { PackSticker } from '@stickerdrop/shared';
import { useT } from '../../i18n/translate';
import { canSetEmojiStatus } from '../../telegram/emoji-status';
import { enterFullscreen } from '../../telegram/fullscreen';
import { EmojiStatusAction, type EmojiPack } from './EmojiStatusAction';
import { packDetailTexts } from './messages';
import { stickerSources } from './sticker-sources';
import { StickerPlayer } from './StickerPlayer';
import './sticker-viewer.css';

/** Telegram's own size for a sticker, and what fits a phone with a margin either side. */
const LARGE_STICKER_PX = Math.min(512, Math.max(160, Math.min(window.innerWidth - 48, window.innerHeight - 200)));

/**
 * One sticker of the pack, large, over the page: previous and next (buttons, arrow keys), closed by its
 * button, Escape or a tap outside. Inside Telegram it asks for fullscreen (Mini Apps 8.0) while open, and
 * offers the owner of a custom emoji pack (`emojiPack`) to make the sticker their emoji status.
 */
export function StickerViewer({
  stickers,
  index,
  onIndex,
  onClose,
  emojiPack,
}: {
  stickers: readonly PackSticker[];
  index: number;
  emojiPack?: EmojiPack;
  onIndex(index: number): void;
  onClose(): void;
}) {
  const t = useT(packDetailTexts);
  const dialog = useRef<HTMLDivElement>(null);
  const count = stickers.length;
  const step = (by: number) => onIndex((index + by + count) % count);
  useEffect(() => enterFullscreen(), []);
  useEffect(() => dialog.current?.focus(), []);
  const onKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  };
  const label = t('pack-detail.sticker', { number: index + 1 });
  return (
    <div className="sticker-viewer" onClick={onClose}>
      <div
        ref={dialog}
        className="sticker-viewer__box"
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onKeyDown={onKey}
        onClick={(event) => event.stopPropagation()}
      >
        <StickerPlayer key={index} {...stickerSources(stickers[index]!)} size={LARGE_STICKER_PX} label={label} />
        <p className="sticker-viewer__count">{t('pack-detail.viewer.count', { number: index + 1, count })}</p>
        {emojiPack && canSetEmojiStatus() ? <EmojiStatusAction pack={emojiPack} index={index} /> : null}
        <div className="sticker-viewer__controls">
          <button type="button" disabled={count < 2} onClick={() => step(-1)}>
            {t('pack-detail.viewer.previous')}
          </button>
          <button type="button" onClick={onClose}>
            {t('pack-detail.viewer.close')}
          </button>
          <button type="button" disabled={count < 2} onClick={() => step(1)}>
            {t('pack-detail.viewer.next')}
          </button>
        </div>
      </div>
    </div>
  );
}
