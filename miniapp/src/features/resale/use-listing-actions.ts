import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { translate } from '../../i18n/translate';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { PACK_ITEMS_META } from '../packs/cache';
import { packQueries } from '../packs/queries';
import { resaleTexts } from './messages';
import { resaleApi, resaleQueries } from './queries';

/** List (or reprice) and delist one edition, refreshing every read they change; for the collection and the edition page. */
export function useListingActions(editionId: number, listed: boolean, onListed?: () => void) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The collection marks its list with PACK_ITEMS_META, so it refreshes without resale reaching into it.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => query.meta?.packItems === PACK_ITEMS_META.packItems }),
      ...[packQueries.all(), resaleQueries.all()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  const onError = (error: unknown) => {
    haptics.error();
    toast.error(errorText(error, translate(resaleTexts, 'resale.toast.failed')));
  };
  const list = useMutation({
    mutationFn: (price: string) => resaleApi.list(api, editionId, price),
    onSuccess: async () => {
      haptics.success();
      toast.success(translate(resaleTexts, listed ? 'resale.toast.repriced' : 'resale.toast.listed'));
      onListed?.();
      await refresh();
    },
    onError,
  });
  const delist = useMutation({
    mutationFn: () => resaleApi.delist(api, editionId),
    onSuccess: async () => {
      toast.success(translate(resaleTexts, 'resale.toast.delisted'));
      await refresh();
    },
    onError,
  });
  return { list, delist };
}
