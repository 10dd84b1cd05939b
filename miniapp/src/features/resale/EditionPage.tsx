import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../router';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { editionAppLink, type EditionDetail, type PaymentMethod } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { AfterFirstScreen } from '../../components/AfterFirstScreen';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { useFormat } from '../../i18n/format';
import { translate, useT } from '../../i18n/translate';
import { shellTexts } from '../../shell/messages';
import { Page } from '../../telegram/Page';
import { shareLink } from '../../telegram/share';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { configQueries } from '../config/queries';
import { OffersSection } from '../offers/OffersSection';
import { DetailPicture } from '../packs/DetailPicture';
import { packsTexts } from '../packs/messages';
import { ActivityList } from './ActivityList';
import { LockDateText, lockDateIn } from './LockDateText';
import { resaleTexts, type ResaleKey } from './messages';
import { parseEditionId } from './edition-id';
import { resaleQueries } from './queries';
import { SellControls } from './SellControls';
import { SendGift } from '../gifts/SendGift';
import './resale.css';
import './edition-page.css';

const PAID_WITH: Record<PaymentMethod, ResaleKey> = {
  ton: 'resale.paid.ton',
  stars: 'resale.paid.stars',
  stripe: 'resale.paid.stripe',
  demo: 'resale.paid.demo',
};

/**
 * `#/edition?id=`: one edition: its price and Buy when listed (`buy`, filled in by the route), the owner's
 * Sell / Change price / Cancel listing, Share, offers and provenance. Two columns on a desktop.
 */
export function EditionPage({
  buy,
  stickers,
  removedMark,
}: {
  buy?: (edition: EditionDetail) => ReactNode;
  /** The pack's stickers under its image (the player lives with the pack page). */
  stickers?: (edition: EditionDetail) => ReactNode;
  /** "Removed by the marketplace" with why, for an edition of a pack the marketplace took down. */
  removedMark?: (removed: NonNullable<EditionDetail['removed']>) => ReactNode;
}) {
  const api = useApi();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const id = parseEditionId(params.get('id'));
  const edition = useQuery({ ...resaleQueries.edition(api, id ?? 0), enabled: id !== null });
  const t = useT(resaleTexts);
  const tShell = useT(shellTexts);
  const format = useFormat();
  if (id !== null && edition.isPending) {
    return (
      <Page webBack>
        <Loading />
      </Page>
    );
  }
  if (id === null || !edition.data) {
    return (
      <Page webBack>
        <Placeholder
          header={t('resale.edition.notFound')}
          action={<ButtonLink to="/marketplace">{tShell('shell.hero.browse')}</ButtonLink>}
        />
      </Page>
    );
  }
  const data = edition.data;
  const owned = user?.id === data.owner.id;
  return (
    <Page webBack>
      <article className="edition" aria-label={t('resale.edition.label')}>
        <div className="edition__media">
          {data.pack.imageUrl ? <DetailPicture imageUrl={data.pack.imageUrl} alt={data.pack.title} /> : null}
          {stickers?.(data)}
        </div>
        <div className="edition__info">
          <h1 className="page-title">
            {t('resale.edition.title', {
              title: data.pack.title,
              serial: format.count(data.serial),
              supply: format.count(data.pack.maxSupply),
            })}
          </h1>
          <EditionFacts edition={data} owned={owned} />
          {/* A removed pack's edition stays its owner's, but is no longer sold, offered for or given. */}
          {data.removed ? (
            removedMark?.(data.removed)
          ) : owned ? (
            <OwnerControls edition={data} />
          ) : data.listing ? (
            buy?.(data)
          ) : null}
          <EditionActions edition={data} />
          <AfterFirstScreen>
            {data.removed ? null : (
              <OffersSection
                packId={data.pack.id}
                edition={{ id: data.id, serial: data.serial, ownerId: data.owner.id }}
              />
            )}
            <h2 className="section-title">{t('resale.edition.provenance')}</h2>
            <ActivityList items={data.history} />
          </AfterFirstScreen>
        </div>
      </article>
    </Page>
  );
}

/** The owner's Sell / Change price / Cancel listing, and Send as a gift. */
function OwnerControls({ edition }: { edition: EditionDetail }) {
  return (
    <>
      <SellControls
        target={{
          editionId: edition.id,
          serial: edition.serial,
          packId: edition.pack.id,
          listedPrice: edition.listing?.price ?? null,
        }}
        resellableFrom={edition.resellableFrom}
      />
      <SendGift editionId={edition.id} />
    </>
  );
}

/** Who owns it, whether it is for sale, and how it was paid for (with a Stars lock's end). */
function EditionFacts({ edition, owned }: { edition: EditionDetail; owned: boolean }) {
  const t = useT(resaleTexts);
  const format = useFormat();
  const { owner, listing, paidWith, resellableFrom } = edition;
  const date = resellableFrom ? lockDateIn(format, resellableFrom) : null;
  const paid = paidWith ? t(PAID_WITH[paidWith]) : null;
  return (
    <div className="edition-facts">
      <p>
        {t('resale.edition.owner', { owner: owner.username ? `@${owner.username}` : owner.name })}
        {owned ? t('resale.edition.you') : ''}
        {listing ? t('resale.edition.listedAt', { price: format.ton(listing.price) }) : t('resale.edition.notForSale')}
      </p>
      {paid ? (
        <p className="muted" data-testid="edition-payment">
          {date && resellableFrom ? (
            <LockDateText text={t('resale.paid.resellableFrom', { paid, date })} date={date} at={resellableFrom} />
          ) : (
            paid
          )}
        </p>
      ) : null}
    </div>
  );
}

/** Share (the mini-app's deep link inside Telegram, the page's address elsewhere) and the way to the pack. */
function EditionActions({ edition }: { edition: EditionDetail }) {
  const api = useApi();
  const toast = useToast();
  const { inside } = useTelegram();
  const config = useQuery(configQueries.detail(api));
  const botUsername = config.data?.botUsername ?? null;
  const share = async () => {
    const url =
      inside && botUsername
        ? editionAppLink(botUsername, edition.id)
        : `${window.location.origin}${window.location.pathname}#/edition?id=${edition.id}`;
    const serial = translate(resaleTexts, 'resale.serial', { serial: String(edition.serial) });
    const outcome = await shareLink(url, `${edition.pack.title} ${serial}`);
    if (outcome === 'copied') toast.success(translate(packsTexts, 'packs.share.copied'));
  };
  const t = useT(resaleTexts);
  return (
    <div className="edition__actions">
      {/* A removed pack's link leads nowhere for the people it would be shared with. */}
      {edition.removed ? null : (
        <Button mode="bezeled" size="s" onClick={() => void share()}>
          {t('resale.edition.share')}
        </Button>
      )}
      <Link to={`/sticker?id=${edition.pack.id}`}>{t('resale.edition.openPack')}</Link>
    </div>
  );
}
