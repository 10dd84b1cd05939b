import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { translate } from '../../i18n/translate';
import { patchPackInCaches } from './cache';
import { packsTexts } from './messages';

/** Like / unlike a pack. SPEC §4: the state toggles after a successful call; visitors get a login message. */
export function useLike() {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const mutation = useMutation({
    mutationFn: (id: number) => api.request<LikeResponse>(`/api/stickers/${id}/like`, { method: 'POST' }),
    onSuccess: (result, id) => patchPackInCaches(queryClient, id, { isFavorite: result.liked, likes: result.likes }),
    onError: (error) => toast.error(errorText(error, translate(packsTexts, 'packs.like.failed'))),
  });

  return {
    pending: mutation.isPending,
    toggle(id: number) {
      if (!user) {
        toast.error(translate(packsTexts, 'packs.like.requiresLogin'));
        return;
      }
      haptics.impact();
      mutation.mutate(id);
    },
  };
}
