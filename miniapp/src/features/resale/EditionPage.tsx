import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { Placeholder } from '@telegram-apps/telegram-ui';
import { CURRENCY, paidWithText } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { apiUrl } from '../../config';
import { Page } from '../../telegram/Page';
import { LazyOffersSection } from '../offers/lazy';
import { ActivityList } from './ActivityList';
import { LockDateText } from './LockDateText';
import { resaleQueries } from './queries';
import './resale.css';

const editionId = (raw: string | null) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

/** `#/edition?id=`: one edition's provenance: its pack, owner, listing and history. */
export function EditionPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const id = editionId(params.get('id'));
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
  return (
    <Page webBack>
      <article className="market" aria-label="Edition">
        {data.pack.imageUrl ? (
          <img src={apiUrl(data.pack.imageUrl)} alt={data.pack.title} width="256" height="256" />
        ) : null}
        <h1 className="page-title">
          {data.pack.title} #{data.serial} of {data.pack.maxSupply}
        </h1>
        <div className="edition-facts">
          <p>
            Owned by {data.owner.username ? `@${data.owner.username}` : data.owner.name}
            {data.listing ? ` · listed at ${data.listing.price} ${CURRENCY}` : ' · not for sale'}
          </p>
          {data.paidWith ? (
            <p className="muted" data-testid="edition-payment">
              <LockDateText text={paidWithText(data.paidWith, data.resellableFrom)} at={data.resellableFrom} />
            </p>
          ) : null}
        </div>
        <Link to={`/sticker?id=${data.pack.id}`}>Open the pack</Link>
        <Suspense fallback={<Loading />}>
          <LazyOffersSection
            packId={data.pack.id}
            edition={{ id: data.id, serial: data.serial, ownerId: data.owner.id }}
          />
        </Suspense>
        <h2 className="section-title">Provenance</h2>
        <ActivityList items={data.history} />
      </article>
    </Page>
  );
}
