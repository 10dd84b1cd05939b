import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { offerQueries, offersApi, type OfferTarget } from './queries';
import { translate } from '../../i18n/translate';
import { offersTexts } from './messages';

type OffersKey = NonNullable<(typeof offersTexts)['keys']>;

/**
 * Every change to an offer, each with its toast, then a refresh of the offers. An acceptance also holds
 * the edition (its listing, the pack's figures, the collection): every screen's data is refreshed then.
 */
export function useOfferActions() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: offerQueries.all() });
  const done =
    (key: OffersKey, refreshEverything = false) =>
    async () => {
      haptics.success();
      toast.success(translate(offersTexts, key));
      await (refreshEverything ? queryClient.invalidateQueries() : refresh());
    };
  const onError = (error: unknown) => {
    haptics.error();
    toast.error(errorText(error, translate(offersTexts, 'offers.toast.failed')));
  };

  const make = useMutation({
    mutationFn: (input: { target: OfferTarget; price: string; expiresInHours: number }) =>
      offersApi.make(api, input.target, input.price, input.expiresInHours),
    // 200: the bidder's open offer on the same edition or pack was replaced.
    onSuccess: (response) => done(response.status === 200 ? 'offers.toast.updated' : 'offers.toast.sent')(),
    onError,
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => offersApi.withdraw(api, id),
    onSuccess: done('offers.toast.withdrawn'),
    onError,
  });
  const decline = useMutation({
    mutationFn: (id: number) => offersApi.decline(api, id),
    onSuccess: done('offers.toast.declined'),
    onError,
  });
  const accept = useMutation({
    mutationFn: (input: { id: number; editionId?: number }) => offersApi.accept(api, input.id, input.editionId),
    onSuccess: done('offers.toast.accepted', true),
    onError,
  });
  return { make, withdraw, decline, accept };
}
