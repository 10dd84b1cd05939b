import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, packAppLink, type PackDetail, type ShareMessageResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { shareLink, sharePreparedMessage } from '../../telegram/share';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { ADD_TO_TELEGRAM_QUEUED } from './texts';

/** The pack's own link: the mini-app deep link inside Telegram, the web page elsewhere. */
export function packShareUrl(packId: number, botUsername: string | null, insideTelegram: boolean): string {
  if (insideTelegram && botUsername) return packAppLink(botUsername, packId);
  return `${window.location.origin}${window.location.pathname}#/sticker?id=${packId}`;
}

export function usePackActions(pack: PackDetail | undefined, botUsername: string | null) {
  const api = useApi();
  const toast = useToast();
  const { user } = useAuth();
  const { inside } = useTelegram();
  const [downloading, setDownloading] = useState(false);

  async function share() {
    if (!pack) return;
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
    if (outcome === 'copied') toast.success(MESSAGES.linkCopied);
  }

  /** SPEC §5: download requires login and ownership; the zip comes with the bearer token. */
  async function download() {
    if (!pack) return;
    if (!user) return toast.error(MESSAGES.downloadRequiresLogin);
    if (!pack.isOwned) return toast.error(MESSAGES.downloadRequiresPurchase);
    setDownloading(true);
    try {
      const path = pack.downloadUrl ?? `/api/stickers/${pack.id}/download`;
      const blob = await api.request<Blob>(path, { responseType: 'blob' });
      saveBlob(blob, `${pack.title.replace(/[^\w.-]+/g, '_') || 'stickers'}.zip`);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.downloadRequiresPurchase));
    } finally {
      setDownloading(false);
    }
  }

  const addToTelegram = useMutation({
    mutationFn: (id: number) =>
      api.request<{ status: string }>(`/api/stickers/${id}/telegram-set`, {
        method: 'POST',
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: () => toast.success(ADD_TO_TELEGRAM_QUEUED),
    onError: (error) => toast.error(errorText(error, MESSAGES.downloadRequiresPurchase)),
  });

  return { share, download, downloading, addToTelegram };
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
