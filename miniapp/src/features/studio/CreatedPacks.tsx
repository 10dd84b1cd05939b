import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { CURRENCY, DROP_STATUS_LABELS, STUDIO_TEXTS } from '@stickerdrop/shared';
import { Image as ImageIcon } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { apiUrl } from '../../config';
import { useApi } from '../../api/ApiProvider';
import { configQueries } from '../config/queries';
import { useSharePack } from '../packs/use-share-pack';
import { dropStatusDetail } from './drop-time';
import { studioQueries } from './queries';
import './studio.css';

/**
 * The collection's Created tab: the packs the creator made, newest first (so a pack just created leads),
 * each with its sales so far and "Share your drop"; the studio has the rest.
 */
export function CreatedPacks() {
  const api = useApi();
  const studio = useQuery(studioQueries.overview(api));
  const config = useQuery(configQueries.detail(api));
  const share = useSharePack(config.data?.botUsername ?? null);

  if (studio.isPending) return <Loading />;
  const packs = studio.data?.packs ?? [];
  if (packs.length === 0)
    return (
      <Placeholder
        header={STUDIO_TEXTS.empty}
        description={STUDIO_TEXTS.emptyDetail}
        action={<ButtonLink to="/create">{STUDIO_TEXTS.newPack}</ButtonLink>}
      />
    );
  return (
    <>
      <ul className="created-packs" aria-label="Packs you created">
        {packs.map((pack) => (
          <li key={pack.id} className="created-pack panel" data-testid="created-pack">
            <Link to={`/sticker?id=${pack.id}`} className="created-pack__media" aria-hidden="true" tabIndex={-1}>
              {pack.imageUrl ? (
                <img src={apiUrl(pack.imageUrl)} alt="" width="72" height="72" />
              ) : (
                <Icon icon={ImageIcon} size={28} />
              )}
            </Link>
            <div className="created-pack__body">
              <Link to={`/sticker?id=${pack.id}`} className="created-pack__title">
                {pack.title}
              </Link>
              <span className="muted">
                {pack.price} {CURRENCY} · {STUDIO_TEXTS.soldOf(pack.sold, pack.maxSupply)}
              </span>
              <span>
                <span className={`studio-status studio-status--${pack.dropStatus}`}>
                  {DROP_STATUS_LABELS[pack.dropStatus]}
                </span>{' '}
                {dropStatusDetail(pack) ? <span className="muted">{dropStatusDetail(pack)}</span> : null}
              </span>
            </div>
            <Button
              size="s"
              mode="bezeled"
              className="created-pack__share"
              aria-label={`${STUDIO_TEXTS.shareDrop}: ${pack.title}`}
              onClick={() => void share(pack)}
            >
              {STUDIO_TEXTS.shareDrop}
            </Button>
          </li>
        ))}
      </ul>
      <ButtonLink to="/studio" mode="plain" stretched>
        {STUDIO_TEXTS.openStudio}
      </ButtonLink>
    </>
  );
}
