import { useState } from 'react';
import { Button, Modal } from '@telegram-apps/telegram-ui';
import { OPS_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { SheetHeader } from '../../components/SheetHeader';
import { translate, useT } from '../../i18n/translate';
import { REASON_KEYS } from './labels';
import { opsTexts } from './messages';
import { opsApi, type ReportedPack } from './queries';
import { useOpsAction } from './use-ops-action';

interface Takedown {
  reason: ReportReason;
  note: string;
}

/**
 * Taking a pack down, in a bottom sheet: the reason and a note, then a second step that says what will
 * happen (for copyright: sets deleted, purchases refunded) before anything is sent. Mount it only while open.
 */
export function TakedownSheet({ pack, onClose }: { pack: ReportedPack['pack']; onClose: () => void }) {
  const api = useApi();
  const t = useT(opsTexts);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const takedown = useOpsAction(
    ({ reason, note }: Takedown) => opsApi.takedown(api, pack.id, reason, note.trim()),
    () => translate(opsTexts, 'ops.takedown.done', { title: pack.title }),
  );
  const title = t('ops.takedown.title', { title: pack.title });
  const send = () => reason && takedown.mutate({ reason, note }, { onSuccess: onClose });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      className="ops-sheet"
      header={<SheetHeader title={title} />}
    >
      <div className="ops-sheet__body" role="group" aria-label={title}>
        {confirming && reason ? (
          <>
            <p>{t('ops.takedown.confirmText', { title: pack.title })}</p>
            {reason === 'copyright' ? <p className="ops-sheet__warning">{t('ops.takedown.copyrightText')}</p> : null}
            <div className="gift-form__actions">
              <Button size="m" stretched loading={takedown.isPending} onClick={send}>
                {t('ops.takedown.confirm')}
              </Button>
              <Button size="m" mode="plain" onClick={() => setConfirming(false)}>
                {t('ops.takedown.back')}
              </Button>
            </div>
          </>
        ) : (
          <TakedownForm
            reason={reason}
            note={note}
            onReason={setReason}
            onNote={setNote}
            onContinue={() => setConfirming(true)}
          />
        )}
      </div>
    </Modal>
  );
}

function TakedownForm(props: {
  reason: ReportReason | null;
  note: string;
  onReason: (reason: ReportReason) => void;
  onNote: (note: string) => void;
  onContinue: () => void;
}) {
  const t = useT(opsTexts);
  return (
    <form
      className="gift-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (props.reason) props.onContinue();
      }}
    >
      <fieldset className="gift-form__field">
        <legend>{t('ops.takedown.why')}</legend>
        {REPORT_REASONS.map((option) => (
          <label key={option} className="gift-form__check">
            <input
              type="radio"
              name="takedown-reason"
              checked={props.reason === option}
              onChange={() => props.onReason(option)}
            />
            <span>{t(REASON_KEYS[option])}</span>
          </label>
        ))}
      </fieldset>
      <label className="gift-form__field">
        <span>{t('ops.takedown.note')}</span>
        <textarea
          value={props.note}
          maxLength={OPS_NOTE_MAX_LENGTH}
          rows={3}
          onChange={(event) => props.onNote(event.target.value)}
        />
      </label>
      <Button type="submit" size="m" stretched disabled={!props.reason}>
        {t('ops.takedown.continue')}
      </Button>
    </form>
  );
}
