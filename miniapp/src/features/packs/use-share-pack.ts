import { packAppLink, type ShareMessageResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { shareLink, sharePreparedMessage } from '../../telegram/share';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { translate } from '../../i18n/translate';
import { useAuth } from '../auth/AuthProvider';
import { packsTexts } from './messages';

/** The pack's own link: the mini-app deep link inside Telegram, the web page elsewhere. */
export function packShareUrl(packId: number, botUsername: string | null, insideTelegram: boolean): string {
  if (insideTelegram && botUsername) return packAppLink(botUsername, packId);
  return `${window.location.origin}${window.location.pathname}#/sticker?id=${packId}`;
}

/** Shares a pack: the pack page's Share and the creator's "Share your drop". */
export function useSharePack(botUsername: string | null) {
  const api = useApi();
  const toast = useToast();
  const { user } = useAuth();
  const { inside } = useTelegram();

  return async function share(pack: { id: number; title: string }) {
    // Inside Telegram, a signed-in user shares a message the bot prepared (a card with an Open button);
    // when that cannot be had, the link as everywhere else.
    if (inside && user) {
      const prepared = await sharePreparedMessage(() =>
        api
          .request<ShareMessageResponse>(`/api/stickers/${pack.id}/share-message`, { method: 'POST' })
          .then((body) => body.id),
      );
      if (prepared !== 'unavailable') return;
    }
    const outcome = await shareLink(packShareUrl(pack.id, botUsername, inside), pack.title);
    if (outcome === 'copied') toast.success(translate(packsTexts, 'packs.share.copied'));
  };
}
