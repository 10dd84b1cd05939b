import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router';
import { Gem, Repeat, Wrench } from '../../components/icon-set';
import { Icon, type IconNode } from '../../components/Icon';
import { TRENDING_LIMIT } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { StatTiles } from '../../components/StatTiles';
import { Page } from '../../telegram/Page';
import { PackCard } from '../packs/PackCard';
import { PackCardSkeletons } from '../packs/PackCardSkeletons';
import { packQueries, statsQueries } from '../packs/queries';
import { useLike } from '../packs/use-like';
import { shellTexts } from '../../shell/messages';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { HERO_ACTIONS } from './hero';
import { homeStatTiles } from './home-stats';
import { homeTexts } from './messages';
import './home.css';

type HomeKey = NonNullable<(typeof homeTexts)['keys']>;

/** Why Stickerdrop: SPEC §1's three blurbs (the bot's welcome names the same), each with a sentence of ours. */
const FEATURES: ReadonlyArray<{ icon: IconNode; title: HomeKey; text: HomeKey }> = [
  { icon: Gem, title: 'home.why.limited.title', text: 'home.why.limited.text' },
  { icon: Repeat, title: 'home.why.resale.title', text: 'home.why.resale.text' },
  { icon: Wrench, title: 'home.why.tools.title', text: 'home.why.tools.text' },
];

export function HomePage() {
  const api = useApi();
  const stats = useQuery(statsQueries.marketplace(api));
  const trending = useQuery(packQueries.trending(api));
  const like = useLike();
  const t = useT(homeTexts);
  const tFirst = useT(shellTexts);
  const format = useFormat();

  return (
    <Page back={false}>
      <section className="hero">
        <h1 className="hero__title">{tFirst('shell.hero.title')}</h1>
        <p className="hero__tagline">{tFirst('shell.hero.tagline')}</p>
        <div className="hero__actions">
          {HERO_ACTIONS.map((action) => (
            <ButtonLink key={action.to} to={action.to} size="l" mode={action.mode} className={action.className}>
              {tFirst(action.label)}
            </ButtonLink>
          ))}
        </div>
      </section>

      <StatTiles
        label={t('home.stats.label')}
        tiles={homeStatTiles(stats.isPending ? undefined : stats.data, t, format)}
      />

      <section className="section">
        <div className="section__head">
          <h2>{t('home.trending.title')}</h2>
          <Link to="/marketplace" className="section__link">
            {t('home.trending.all')}
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
        <h2 className="section__title">{t('home.why.title')}</h2>
        <div className="features">
          {FEATURES.map(({ icon, title, text }) => (
            <article className="feature" key={title}>
              <Icon className="feature__icon" icon={icon} size={28} />
              <h3>{t(title)}</h3>
              <p>{t(text)}</p>
            </article>
          ))}
        </div>
      </section>
    </Page>
  );
}
