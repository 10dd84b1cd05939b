import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../i18n/translate';
import { setEmojiStatus, type EmojiStatusOutcome } from '../../telegram/emoji-status';
import { packDetailTexts } from './messages';

/** A custom emoji pack the viewer owns, and how to ask for the ids Telegram gave its stickers. */
export interface EmojiPack {
  id: number;
  customEmojiIds(signal: AbortSignal): Promise<{ customEmojiIds: string[] }>;
}

/**
 * In the viewer of a custom emoji pack its owner holds, inside a Telegram client that can (Mini Apps 8.0):
 * make the sticker shown their emoji status. Telegram takes a custom emoji only by the id it gave it in the
 * owner's own set, so before the pack is added to Telegram this says to add it first.
 */
export function EmojiStatusAction({ pack, index }: { pack: EmojiPack; index: number }) {
  const t = useT(packDetailTexts);
  const ids = useQuery({
    queryKey: ['packs', pack.id, 'custom-emoji'],
    queryFn: ({ signal }) => pack.customEmojiIds(signal),
  });
  const [asked, setAsked] = useState<{ index: number; outcome: EmojiStatusOutcome | 'asking' } | null>(null);
  if (ids.isPending) return <p className="sticker-viewer__status muted">{t('pack-detail.emojiStatus.loading')}</p>;
  if (ids.isError) return <p className="sticker-viewer__status muted">{t('pack-detail.emojiStatus.loadFailed')}</p>;
  const customEmojiId = ids.data.customEmojiIds[index];
  if (!customEmojiId) return <p className="sticker-viewer__status muted">{t('pack-detail.emojiStatus.addFirst')}</p>;

  const outcome = asked?.index === index ? asked.outcome : null;
  const ask = async () => {
    setAsked({ index, outcome: 'asking' });
    setAsked({ index, outcome: await setEmojiStatus(customEmojiId) });
  };
  return (
    <div className="sticker-viewer__status">
      <button type="button" disabled={outcome === 'asking'} onClick={() => void ask()}>
        {t('pack-detail.emojiStatus.set')}
      </button>
      {outcome === 'set' ? <p role="status">{t('pack-detail.emojiStatus.done')}</p> : null}
      {outcome === 'failed' ? <p role="alert">{t('pack-detail.emojiStatus.failed')}</p> : null}
    </div>
  );
}
