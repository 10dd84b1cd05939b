import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../router';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { CURRENCY, MESSAGES, editionAppLink, paidWithText, type EditionDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { AfterFirstScreen } from '../../components/AfterFirstScreen';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { Page } from '../../telegram/Page';
import { shareLink } from '../../telegram/share';
import { useTelegram } from '../../telegram/TelegramProvider';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { configQueries } from '../config/queries';
import { OffersSection } from '../offers/OffersSection';
import { DetailPicture } from '../packs/DetailPicture';
import { ActivityList } from './ActivityList';
import { LockDateText } from './LockDateText';
import { parseEditionId } from './edition-id';
import { resaleQueries } from './queries';
import { SellControls } from './SellControls';
import './resale.css';
import './edition-page.css';

/**
 * `#/edition?id=`: one edition: its price and Buy when listed (`buy`, filled in by the route), the owner's
 * Sell / Change price / Cancel listing, Share, offers and provenance. Two columns on a desktop.
 */
export function EditionPage({
  buy,
  stickers,
}: {
  buy?: (edition: EditionDetail) => ReactNode;
  /** The pack's stickers under its image (the player lives with the pack page). */
  stickers?: (edition: EditionDetail) => ReactNode;
}) {
  const api = useApi();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const id = parseEditionId(params.get('id'));
  const edition = useQuery({ ...resaleQueries.edition(api, id ?? 0), enabled: id !== null });
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
          header="Edition not found"
          action={<ButtonLink to="/marketplace">Browse Marketplace</ButtonLink>}
        />
      </Page>
    );
  }
  const data = edition.data;
  const owned = user?.id === data.owner.id;
  return (
    <Page webBack>
      <article className="edition" aria-label="Edition">
        <div className="edition__media">
          {data.pack.imageUrl ? <DetailPicture imageUrl={data.pack.imageUrl} alt={data.pack.title} /> : null}
          {stickers?.(data)}
        </div>
        <div className="edition__info">
          <h1 className="page-title">
            {data.pack.title} #{data.serial} of {data.pack.maxSupply}
          </h1>
          <div className="edition-facts">
            <p>
              Owned by {data.owner.username ? `@${data.owner.username}` : data.owner.name}
              {owned ? ' (you)' : ''}
              {data.listing ? ` · listed at ${data.listing.price} ${CURRENCY}` : ' · not for sale'}
            </p>
            {data.paidWith ? (
              <p className="muted" data-testid="edition-payment">
                <LockDateText text={paidWithText(data.paidWith, data.resellableFrom)} at={data.resellableFrom} />
              </p>
            ) : null}
          </div>
          {owned ? (
            <SellControls
              target={{
                editionId: data.id,
                serial: data.serial,
                packId: data.pack.id,
                listedPrice: data.listing?.price ?? null,
              }}
              resellableFrom={data.resellableFrom}
            />
          ) : data.listing ? (
            buy?.(data)
          ) : null}
          <EditionActions edition={data} />
          <AfterFirstScreen>
            <OffersSection
              packId={data.pack.id}
              edition={{ id: data.id, serial: data.serial, ownerId: data.owner.id }}
            />
            <h2 className="section-title">Provenance</h2>
            <ActivityList items={data.history} />
          </AfterFirstScreen>
        </div>
      </article>
    </Page>
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
    const outcome = await shareLink(url, `${edition.pack.title} #${edition.serial}`);
    if (outcome === 'copied') toast.success(MESSAGES.linkCopied);
  };
  return (
    <div className="edition__actions">
      <Button mode="bezeled" size="s" onClick={() => void share()}>
        Share
      </Button>
      <Link to={`/sticker?id=${edition.pack.id}`}>Open the pack</Link>
    </div>
  );
}
