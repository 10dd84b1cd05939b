import { useQuery } from '@tanstack/react-query';
import type { StudioPack } from '@stickerdrop/shared';
import { Link } from '../../router';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { Image as ImageIcon } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { apiUrl } from '../../config';
import { useApi } from '../../api/ApiProvider';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { configQueries } from '../config/queries';
import { useSharePack } from '../packs/use-share-pack';
import { PackStatus } from './PackStatus';
import { studioTexts } from './messages';
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
  const t = useT(studioTexts);

  if (studio.isPending) return <Loading />;
  const packs = studio.data?.packs ?? [];
  if (packs.length === 0)
    return (
      <Placeholder
        header={t('studio.empty')}
        description={t('studio.emptyDetail')}
        action={<ButtonLink to="/create">{t('studio.newPack')}</ButtonLink>}
      />
    );
  return (
    <>
      <ul className="created-packs" aria-label={t('studio.created.label')}>
        {packs.map((pack) => (
          <CreatedPack key={pack.id} pack={pack} onShare={() => void share(pack)} />
        ))}
      </ul>
      <ButtonLink to="/studio" mode="plain" stretched>
        {t('studio.created.openStudio')}
      </ButtonLink>
    </>
  );
}

/** One created pack: its picture, title, price and sales, where it stands, and Share your drop. */
function CreatedPack({ pack, onShare }: { pack: StudioPack; onShare: () => void }) {
  const t = useT(studioTexts);
  const format = useFormat();
  return (
    <li className="created-pack panel" data-testid="created-pack">
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
          {format.ton(pack.price)} · {t('studio.packs.soldOf', { sold: pack.sold, supply: pack.maxSupply })}
        </span>
        <span>
          <PackStatus pack={pack} detailClassName="muted created-pack__status-detail" />
        </span>
      </div>
      {/* A removed pack's link leads nowhere for the people it would be shared with. */}
      {pack.removed ? null : (
        <Button
          size="s"
          mode="bezeled"
          className="created-pack__share"
          aria-label={t('studio.created.shareDropOf', { title: pack.title })}
          onClick={onShare}
        >
          {t('studio.created.shareDrop')}
        </Button>
      )}
    </li>
  );
}
