import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { GIFT_NOTE_MAX_LENGTH } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useNavigate } from '../../router';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { giftsTexts } from './messages';
import { giftApi } from './queries';
import './gifts.css';

/**
 * "Send as a gift" on an edition its owner holds: an optional note and whether to hide their name, then a
 * link whoever opens it may claim; the gift's own screen then shows the link to share. The edition's
 * listing closes, so every read of it refreshes.
 */
export function SendGift({ editionId }: { editionId: number }) {
  const [open, setOpen] = useState(false);
  const t = useT(giftsTexts);
  if (!open) {
    return (
      <Button size="m" mode="bezeled" stretched onClick={() => setOpen(true)}>
        {t('gifts.send.open')}
      </Button>
    );
  }
  return <SendGiftForm editionId={editionId} close={() => setOpen(false)} />;
}

function SendGiftForm({ editionId, close }: { editionId: number; close: () => void }) {
  const api = useApi();
  const t = useT(giftsTexts);
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [hideSender, setHideSender] = useState(false);
  const send = useMutation({
    mutationFn: () => giftApi.send(api, editionId, { ...(note.trim() && { note: note.trim() }), hideSender }),
    onSuccess: async (gift) => {
      haptics.success();
      toast.success(t('gifts.send.created'));
      await queryClient.invalidateQueries();
      navigate(`/gift?code=${gift.code}`);
    },
    onError: (error) => {
      haptics.error();
      toast.error(errorText(error, t('gifts.send.failed')));
    },
  });
  return (
    <form
      className="gift-form"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <label className="gift-form__field">
        <span>{t('gifts.send.note')}</span>
        <textarea value={note} maxLength={GIFT_NOTE_MAX_LENGTH} rows={2} onChange={(e) => setNote(e.target.value)} />
        <small className="muted">{t('gifts.send.noteHelp', { max: format.count(GIFT_NOTE_MAX_LENGTH) })}</small>
      </label>
      <label className="gift-form__check">
        <input type="checkbox" checked={hideSender} onChange={(e) => setHideSender(e.target.checked)} />
        <span>{t('gifts.send.hideSender')}</span>
      </label>
      <div className="gift-form__actions">
        <Button type="submit" size="m" stretched loading={send.isPending} disabled={send.isPending}>
          {t('gifts.send.create')}
        </Button>
        <Button type="button" size="m" mode="plain" onClick={close}>
          {t('gifts.send.cancel')}
        </Button>
      </div>
    </form>
  );
}
