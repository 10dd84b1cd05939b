import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DropNotifyResponse, PackDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { packQueries } from '../packs/queries';
import { translate } from '../../i18n/translate';
import { dropsTexts } from './messages';

/** "Notify me" on a pack page: subscribes, or unsubscribes when already notifying. Visitors are asked to log in. */
export function useDropNotify(packId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const mutation = useMutation({
    mutationFn: (on: boolean) =>
      api.request<DropNotifyResponse>(`/api/stickers/${packId}/notify`, { method: on ? 'POST' : 'DELETE' }),
    onSuccess: ({ notifying }) => {
      queryClient.setQueryData<PackDetail>(packQueries.detailKey(packId), (detail) =>
        detail ? { ...detail, notifying } : detail,
      );
      toast.success(translate(dropsTexts, notifying ? 'drops.subscribed' : 'drops.unsubscribed'));
    },
    onError: (error) => toast.error(errorText(error, translate(dropsTexts, 'drops.failed'))),
  });
  return {
    pending: mutation.isPending,
    toggle(on: boolean) {
      if (!user) {
        toast.error(translate(dropsTexts, 'drops.notifyNeedsLogin'));
        return;
      }
      haptics.impact();
      mutation.mutate(on);
    },
  };
}
