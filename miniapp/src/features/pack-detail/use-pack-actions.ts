import { useState } from 'react';
import type { PackDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { saveBlob } from '../../components/save-blob';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { translate } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import { useSharePack } from '../packs/use-share-pack';
import { useAddToTelegram } from './use-add-to-telegram';

export function usePackActions(pack: PackDetail | undefined, botUsername: string | null) {
  const api = useApi();
  const toast = useToast();
  const { user } = useAuth();
  const [downloading, setDownloading] = useState(false);

  const sharePack = useSharePack(botUsername);
  async function share() {
    if (pack) await sharePack(pack);
  }

  /** SPEC §5: download requires login and ownership; the zip comes with the bearer token. */
  async function download() {
    if (!pack) return;
    if (!user) return toast.error(translate(packDetailTexts, 'pack-detail.downloadNeedsLogin'));
    if (!pack.isOwned) return toast.error(translate(packDetailTexts, 'pack-detail.downloadNeedsPurchase'));
    setDownloading(true);
    try {
      const path = pack.downloadUrl ?? `/api/stickers/${pack.id}/download`;
      const blob = await api.request<Blob>(path, { responseType: 'blob' });
      saveBlob(blob, [pack.title.replace(/[^\w.-]+/g, '_') || 'stickers', 'zip'].join('.'));
    } catch (error) {
      toast.error(errorText(error, translate(packDetailTexts, 'pack-detail.downloadNeedsPurchase')));
    } finally {
      setDownloading(false);
    }
  }

  const addToTelegram = useAddToTelegram();

  return { share, download, downloading, addToTelegram };
}
