import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import type { GiftDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ApiError, errorText } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useSearchParams } from '../../router';
import { haptics } from '../../telegram/haptics';
import { Page } from '../../telegram/Page';
import { shareLink, sharePreparedMessage } from '../../telegram/share';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { DetailPicture } from '../packs/DetailPicture';
import { giftsTexts } from './messages';
import { GIFT_CODE, giftApi, giftQueries } from './queries';
import './gifts.css';

/**
 * `#/gift?code=`: the screen a gift's link opens (`startapp=gift_<code>`): the pack and serial, who sent it
 * (unless hidden), their note, and Claim while it waits; the sender sees the link to share again instead.
 */
export function GiftClaimPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const raw = params.get('code') ?? '';
  const code = GIFT_CODE.test(raw) ? raw : null;
  const gift = useQuery({ ...giftQueries.detail(api, code ?? ''), enabled: code !== null, retry: false });
  if (code !== null && gift.isPending) {
    return (
      <Page webBack>
        <Loading />
      </Page>
    );
  }
  return (
    <Page webBack>
      {gift.data ? (
        <GiftCard gift={gift.data} />
      ) : (
        <GiftProblem notFound={code === null || isNotFound(gift.error)} retry={() => void gift.refetch()} />
      )}
    </Page>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function GiftProblem({ notFound, retry }: { notFound: boolean; retry: () => void }) {
  const t = useT(giftsTexts);
  return notFound ? (
    <Placeholder
      header={t('gifts.notFound')}
      description={t('gifts.notFoundHint')}
      action={<ButtonLink to="/marketplace">{t('gifts.browse')}</ButtonLink>}
    />
  ) : (
    <Placeholder header={t('gifts.loadFailed')} action={<Button onClick={retry}>{t('gifts.retry')}</Button>} />
  );
}

function GiftCard({ gift }: { gift: GiftDetail }) {
  const t = useT(giftsTexts);
  const format = useFormat();
  const values = { title: gift.pack.title, serial: gift.serial, maxSupply: gift.maxSupply };
  return (
    <article className="gift" aria-label={t('gifts.title')}>
      {gift.pack.imageUrl ? <DetailPicture imageUrl={gift.pack.imageUrl} alt={gift.pack.title} /> : null}
      <div className="gift__info">
        <p className="gift__kicker">{gift.claimUrl ? t('gifts.yourGift') : t('gifts.title')}</p>
        <h1 className="page-title">{t('gifts.edition', values)}</h1>
        <p className="muted">{gift.sender ? t('gifts.from', { name: gift.sender.name }) : t('gifts.fromHidden')}</p>
        {gift.note ? <blockquote className="gift__note">{gift.note}</blockquote> : null}
        {gift.state === 'pending' && gift.claimable ? (
          <>
            <ClaimButton gift={gift} />
            <p className="muted">{t('gifts.claimBy', { date: format.date(gift.expiresAt) })}</p>
          </>
        ) : gift.state === 'pending' && gift.claimUrl ? (
          <SenderView gift={gift} claimUrl={gift.claimUrl} />
        ) : (
          <GiftOutcome gift={gift} />
        )}
      </div>
    </article>
  );
}

function ClaimButton({ gift }: { gift: GiftDetail }) {
  const api = useApi();
  const t = useT(giftsTexts);
  const toast = useToast();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => giftApi.claim(api, gift.code),
    onSuccess: async () => {
      haptics.success();
      toast.success(t('gifts.claimed', { serial: gift.serial, maxSupply: gift.maxSupply }));
      // Its state, the collection and the edition's owner all changed: every read refreshes.
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      haptics.error();
      toast.error(errorText(error, t('gifts.claimFailed')));
    },
  });
  return (
    <Button size="l" stretched loading={claim.isPending} disabled={claim.isPending} onClick={() => claim.mutate()}>
      {claim.isPending ? t('gifts.claiming') : t('gifts.claim')}
    </Button>
  );
}

function SenderView({ gift, claimUrl }: { gift: GiftDetail; claimUrl: string }) {
  const api = useApi();
  const t = useT(giftsTexts);
  const toast = useToast();
  const { inside } = useTelegram();
  const share = async () => {
    // Inside Telegram, a message the bot prepared with a Claim button; when that cannot be had, the link.
    if (inside) {
      const prepared = await sharePreparedMessage(() => giftApi.shareMessage(api, gift.code));
      if (prepared !== 'unavailable') return;
    }
    const title = t('gifts.edition', { title: gift.pack.title, serial: gift.serial, maxSupply: gift.maxSupply });
    const outcome = await shareLink(claimUrl, title);
    if (outcome === 'copied') toast.success(t('gifts.linkCopied'));
  };
  return (
    <div className="gift__sender">
      <p>
        <strong>{t('gifts.yours')}</strong>
      </p>
      <p className="muted">{t('gifts.yoursHint')}</p>
      <input className="gift__link" readOnly value={claimUrl} aria-label={t('gifts.share')} />
      <Button size="l" stretched mode="bezeled" onClick={() => void share()}>
        {t('gifts.share')}
      </Button>
    </div>
  );
}

/** What a gift that can no longer be claimed says (a pending one here is someone else's, claimed meanwhile). */
const OUTCOME_TEXT = {
  pending: 'gifts.state.claimed',
  claimed: 'gifts.state.claimed',
  cancelled: 'gifts.state.cancelled',
  expired: 'gifts.state.expired',
} as const;

function GiftOutcome({ gift }: { gift: GiftDetail }) {
  const t = useT(giftsTexts);
  const claimed = gift.state === 'claimed';
  return (
    <div className="gift__outcome">
      <p>
        <strong>{t(OUTCOME_TEXT[gift.state])}</strong>
      </p>
      {claimed ? (
        <ButtonLink to={`/edition?id=${gift.editionId}`} mode="bezeled">
          {t('gifts.viewEdition')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/marketplace" mode="bezeled">
          {t('gifts.browse')}
        </ButtonLink>
      )}
    </div>
  );
}
