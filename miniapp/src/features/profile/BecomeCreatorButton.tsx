import { useMutation } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import type { User } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { translate, useT } from '../../i18n/translate';
import { profileTexts } from './messages';

/** SPEC §4: becoming a creator sets isCreator; SPEC §8's toasts either way. */
export function BecomeCreatorButton() {
  const api = useApi();
  const toast = useToast();
  const { setUser } = useAuth();
  const t = useT(profileTexts);
  const become = useMutation({
    mutationFn: () => api.request<{ user: User }>('/api/users/become-creator', { method: 'POST', body: {} }),
    onSuccess: ({ user }) => {
      setUser(user);
      toast.success(translate(profileTexts, 'profile.toast.becameCreator'));
    },
    onError: (error) => toast.error(errorText(error, translate(profileTexts, 'profile.toast.becomeCreatorFailed'))),
  });
  return (
    <Button mode="bezeled" loading={become.isPending} onClick={() => become.mutate()}>
      {t('profile.becomeCreator')}
    </Button>
  );
}
