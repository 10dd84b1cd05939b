import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router';
import { Gem, Repeat, Wrench } from '../../components/icon-set';
import { Icon, type IconNode } from '../../components/Icon';
import { FEATURE_BLURBS, HOME_TAGLINE, TRENDING_LIMIT } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { StatTiles } from '../../components/StatTiles';
import { Page } from '../../telegram/Page';
import { PackCard } from '../packs/PackCard';
import { PackCardSkeletons } from '../packs/PackCardSkeletons';
import { packQueries, statsQueries } from '../packs/queries';
import { useLike } from '../packs/use-like';
import { HERO_ACTIONS, HERO_TITLE } from './hero';
import { homeStatTiles } from './home-stats';
import './home.css';

/** The blurbs' names come from shared (SPEC §1); the sentences under them are the mini-app's own. */
const FEATURE_DETAILS: Record<(typeof FEATURE_BLURBS)[number], { icon: IconNode; text: string }> = {
  'Limited Editions': {
    icon: Gem,
    text: 'Every pack is minted in a fixed number of numbered editions. Once they are gone, they are gone.',
  },
  'Resale Market': {
    icon: Repeat,
    text: 'Collect the packs you love today and trade them with collectors around the world tomorrow.',
  },
  'Creator Tools': {
    icon: Wrench,
    text: 'Upload your artwork, set a price in TON and an edition size, and get notified of every sale.',
  },
};

export function HomePage() {
  const api = useApi();
  const stats = useQuery(statsQueries.marketplace(api));
  const trending = useQuery(packQueries.trending(api));
  const like = useLike();

  return (
    <Page back={false}>
      <section className="hero">
        <h1 className="hero__title">{HERO_TITLE}</h1>
        <p className="hero__tagline">{HOME_TAGLINE}</p>
        <div className="hero__actions">
          {HERO_ACTIONS.map((action) => (
            <ButtonLink key={action.to} to={action.to} size="l" mode={action.mode} className={action.className}>
              {action.label}
            </ButtonLink>
          ))}
        </div>
      </section>

      <StatTiles label="Marketplace statistics" tiles={homeStatTiles(stats.isPending ? undefined : stats.data)} />

      <section className="section">
        <div className="section__head">
          <h2>Trending Stickers</h2>
          <Link to="/marketplace" className="section__link">
            View All Stickers →
          </Link>
        </div>
        {trending.isPending ? (
          <PackCardSkeletons count={TRENDING_LIMIT} />
        ) : (
          <div className="pack-grid">
            {(trending.data ?? []).slice(0, TRENDING_LIMIT).map((pack, index) => (
              <PackCard key={pack.id} pack={pack} index={index} onToggleFavorite={(p) => like.toggle(p.id)} />
            ))}
          </div>
        )}
      </section>

      <section className="section">
        <h2 className="section__title">Why Choose Stickerdrop?</h2>
        <div className="features">
          {FEATURE_BLURBS.map((title) => {
            const { icon, text } = FEATURE_DETAILS[title];
            return (
              <article className="feature" key={title}>
                <Icon className="feature__icon" icon={icon} size={28} />
                <h3>{title}</h3>
                <p>{text}</p>
              </article>
            );
          })}
        </div>
      </section>
    </Page>
  );
}
