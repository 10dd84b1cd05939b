import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import type { GiftDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useToast } from '../../toast/ToastProvider';
import { giftsTexts } from './messages';
import { giftApi, giftQueries } from './queries';
import './gifts.css';

const STATE_TEXT = {
  pending: 'gifts.mine.state.pending',
  claimed: 'gifts.mine.state.claimed',
  cancelled: 'gifts.mine.state.cancelled',
  expired: 'gifts.mine.state.expired',
} as const;

/** The collection's Gifts tab: gifts received and sent, each with its state; a waiting one can be taken back. */
export function MyGifts() {
  const api = useApi();
  const t = useT(giftsTexts);
  const gifts = useQuery(giftQueries.mine(api));
  if (gifts.isPending) return <Loading />;
  if (!gifts.data) {
    return (
      <Placeholder
        header={t('gifts.mine.failed')}
        action={<Button onClick={() => void gifts.refetch()}>{t('gifts.retry')}</Button>}
      />
    );
  }
  const { received, sent } = gifts.data;
  if (received.length === 0 && sent.length === 0) return <Placeholder description={t('gifts.mine.empty')} />;
  return (
    <div className="my-gifts">
      <h2 className="section-title">{t('gifts.mine.received')}</h2>
      <GiftList gifts={received} empty={t('gifts.mine.emptyReceived')} />
      <h2 className="section-title">{t('gifts.mine.sent')}</h2>
      <GiftList gifts={sent} empty={t('gifts.mine.emptySent')} sent />
    </div>
  );
}

function GiftList({ gifts, empty, sent = false }: { gifts: GiftDetail[]; empty: string; sent?: boolean }) {
  if (gifts.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="my-gifts__list">
      {gifts.map((gift) => (
        <GiftRow key={gift.code} gift={gift} sent={sent} />
      ))}
    </ul>
  );
}

function GiftRow({ gift, sent }: { gift: GiftDetail; sent: boolean }) {
  const t = useT(giftsTexts);
  const format = useFormat();
  const edition = t('gifts.edition', { title: gift.pack.title, serial: gift.serial, maxSupply: gift.maxSupply });
  return (
    <li className="my-gifts__row">
      <div className="my-gifts__text">
        <strong>{edition}</strong>
        <span className="muted">
          {t(STATE_TEXT[gift.state])}
          {gift.state === 'pending' ? ` · ${t('gifts.claimBy', { date: format.date(gift.expiresAt) })}` : ''}
        </span>
      </div>
      <div className="my-gifts__actions">
        <ButtonLink to={`/gift?code=${gift.code}`} size="s" mode="bezeled">
          {t('gifts.mine.open')}
        </ButtonLink>
        {sent && gift.state === 'pending' ? <TakeBack code={gift.code} /> : null}
      </div>
    </li>
  );
}

function TakeBack({ code }: { code: string }) {
  const api = useApi();
  const t = useT(giftsTexts);
  const toast = useToast();
  const queryClient = useQueryClient();
  const takeBack = useMutation({
    mutationFn: () => giftApi.takeBack(api, code),
    onSuccess: async () => {
      toast.success(t('gifts.mine.takenBack'));
      await queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(errorText(error, t('gifts.send.failed'))),
  });
  return (
    <Button size="s" mode="plain" loading={takeBack.isPending} onClick={() => takeBack.mutate()}>
      {t('gifts.mine.takeBack')}
    </Button>
  );
}
