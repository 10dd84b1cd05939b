import { useState, type FormEvent } from 'react';
import { Button, Input } from '@telegram-apps/telegram-ui';
import { OPS_NOTE_MAX_LENGTH } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { translate, useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { opsTexts } from './messages';
import { opsApi } from './queries';
import { useOpsAction } from './use-ops-action';

interface BanInput {
  userId: number;
  reason: string;
  ban: boolean;
}

/** Ban a user by id with a reason, or lift a ban (the reason goes in the audit log as its note). */
export function BanForm() {
  const api = useApi();
  const t = useT(opsTexts);
  const toast = useToast();
  const [userId, setUserId] = useState('');
  const [reason, setReason] = useState('');
  const action = useOpsAction(
    ({ userId, reason, ban }: BanInput) => (ban ? opsApi.ban(api, userId, reason) : opsApi.unban(api, userId, reason)),
    ({ userId, ban }) => translate(opsTexts, ban ? 'ops.ban.banned' : 'ops.ban.unbanned', { id: userId }),
  );
  const send = (ban: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!/^-?\d{1,16}$/.test(userId.trim())) return toast.error(t('ops.ban.badId'));
    if (ban && !reason.trim()) return toast.error(t('ops.ban.reasonRequired'));
    action.mutate({ userId: Number(userId.trim()), reason: reason.trim(), ban });
  };
  return (
    <section className="panel ops__section" aria-labelledby="ops-ban">
      <h2 id="ops-ban">{t('ops.ban.title')}</h2>
      <form className="ops__ban" aria-labelledby="ops-ban" onSubmit={send(true)} noValidate>
        <Input
          header={t('ops.ban.userId')}
          aria-label={t('ops.ban.userId')}
          inputMode="numeric"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        />
        <Input
          header={t('ops.ban.reason')}
          aria-label={t('ops.ban.reason')}
          value={reason}
          maxLength={OPS_NOTE_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="gift-form__actions">
          <Button type="submit" size="m" loading={action.isPending && action.variables?.ban}>
            {t('ops.ban.ban')}
          </Button>
          <Button
            type="button"
            size="m"
            mode="bezeled"
            loading={action.isPending && !action.variables?.ban}
            onClick={() => send(false)()}
          >
            {t('ops.ban.unban')}
          </Button>
        </div>
      </form>
    </section>
  );
}
