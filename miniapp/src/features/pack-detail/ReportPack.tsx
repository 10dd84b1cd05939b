import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorText } from '../../api/client';
import { useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { packDetailTexts, type PackDetailKey } from './messages';

/** Each reason's words, named in full so the catalogue's check sees every key used. */
const REASON_KEYS = {
  copyright: 'pack-detail.report.reason.copyright',
  offensive: 'pack-detail.report.reason.offensive',
  scam: 'pack-detail.report.reason.scam',
  other: 'pack-detail.report.reason.other',
} as const satisfies Record<ReportReason, PackDetailKey>;

/**
 * "Report this pack", for a signed-in person: why (one of the four reasons) and, if they like, a few words;
 * sent to the marketplace's operators (`POST /api/packs/:id/reports`). Closed, it is one quiet link.
 */
export function ReportPack({ packId }: { packId: number }) {
  const t = useT(packDetailTexts);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button mode="plain" size="s" onClick={() => setOpen(true)}>
        {t('pack-detail.report.open')}
      </Button>
    );
  }
  return <ReportForm packId={packId} close={() => setOpen(false)} />;
}

function ReportForm({ packId, close }: { packId: number; close: () => void }) {
  const t = useT(packDetailTexts);
  const api = useApi();
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.request(`/api/packs/${packId}/reports`, { method: 'POST', body: { reason, details: details.trim() } }),
    onSuccess: () => {
      toast.success(t('pack-detail.report.sent'));
      close();
    },
    onError: (error) => {
      // Their report of it is still open: nothing more to send, so the form goes and the reason is said.
      if (error instanceof ApiError && error.status === 409) {
        toast.info(errorText(error, t('pack-detail.report.failed')));
        close();
        return;
      }
      toast.error(errorText(error, t('pack-detail.report.failed')));
    },
  });
  return (
    <form
      className="gift-form"
      aria-label={t('pack-detail.report.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) send.mutate();
      }}
    >
      <fieldset className="gift-form__field">
        <legend>{t('pack-detail.report.why')}</legend>
        {REPORT_REASONS.map((option) => (
          <label key={option} className="gift-form__check">
            <input type="radio" name="report-reason" checked={reason === option} onChange={() => setReason(option)} />
            <span>{t(REASON_KEYS[option])}</span>
          </label>
        ))}
      </fieldset>
      <label className="gift-form__field">
        <span>{t('pack-detail.report.details')}</span>
        <textarea
          value={details}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          rows={3}
          onChange={(e) => setDetails(e.target.value)}
        />
      </label>
      <div className="gift-form__actions">
        <Button type="submit" size="m" stretched loading={send.isPending} disabled={!reason || send.isPending}>
          {t('pack-detail.report.send')}
        </Button>
        <Button type="button" size="m" mode="plain" onClick={close}>
          {t('pack-detail.report.cancel')}
        </Button>
      </div>
    </form>
  );
}
