import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/client';
import { translate } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { opsTexts } from './messages';
import { opsQueries } from './queries';

/**
 * One of the desk's actions: while it runs its button waits; once done a toast says what changed and every
 * list of the desk is read again (a takedown closes reports, queues refunds and writes the audit log).
 */
export function useOpsAction<T>(run: (input: T) => Promise<unknown>, done: (input: T) => string) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (_result, input) => {
      toast.success(done(input));
      await queryClient.invalidateQueries({ queryKey: opsQueries.all() });
    },
    onError: (error) => toast.error(errorText(error, translate(opsTexts, 'ops.actionFailed'))),
  });
}
