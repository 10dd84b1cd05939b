import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { parseTon, type StudioBalance } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useFormat } from '../../i18n/format';
import { translate, useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { studioTexts } from './messages';
import { studioApi, studioQueries } from './queries';

/**
 * Withdraw: the whole available balance to the creator's linked wallet, offered once it reaches PAYOUT_MIN
 * (the API refuses less, and a wallet not linked, with a sentence shown as a toast). A second tap while the
 * first is in flight is not possible; the API pays a double tap once anyway.
 */
export function WithdrawButton({ balance }: { balance: StudioBalance }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const t = useT(studioTexts);
  const format = useFormat();
  const withdraw = useMutation({
    mutationFn: () => studioApi.withdraw(api),
    onSuccess: (result) => {
      queryClient.setQueryData(studioQueries.all(), (old: object | undefined) =>
        old ? { ...old, balance: result.balance } : old,
      );
      toast.success(translate(studioTexts, 'studio.balance.withdrawn', { amount: format.ton(result.payout.amount) }));
    },
    onError: (error) => toast.error(errorText(error, translate(studioTexts, 'studio.balance.withdrawFailed'))),
  });
  const available = parseTon(balance.available) ?? 0n;
  const minimum = parseTon(balance.payoutMin) ?? 0n;
  if (available <= 0n || available < minimum) {
    return (
      <p className="muted studio-balance__note">
        {t('studio.balance.withdrawFrom', { min: format.ton(balance.payoutMin) })}
      </p>
    );
  }
  return (
    <div className="studio-balance__withdraw">
      <Button size="m" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
        {t('studio.balance.withdraw', { amount: format.ton(balance.available) })}
      </Button>
    </div>
  );
}
