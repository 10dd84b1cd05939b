import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { translate } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { packDetailTexts } from './messages';

/** Queues the owner's Telegram sticker set for a pack (the bot makes it and says when it is there). */
export function useAddToTelegram() {
  const api = useApi();
  const toast = useToast();
  return useMutation({
    mutationFn: (packId: number) =>
      api.request<{ status: string }>(`/api/stickers/${packId}/telegram-set`, {
        method: 'POST',
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: () => toast.success(translate(packDetailTexts, 'pack-detail.addToTelegramQueued')),
    onError: (error) => toast.error(errorText(error, translate(packDetailTexts, 'pack-detail.downloadNeedsPurchase'))),
  });
}
