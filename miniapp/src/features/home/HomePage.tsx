import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TRENDING_LIMIT } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { StatTiles } from '../../components/StatTiles';
import { Page } from '../../telegram/Page';
import { useTelegram } from '../../telegram/TelegramProvider';
import { packQueries, statsQueries } from '../packs/queries';
import { shellTexts } from '../../shell/messages';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { HERO_ACTIONS } from './hero';
import { homeStatTiles } from './home-stats';
import { homeTexts } from './messages';
import { PackShelf } from './PackShelf';
import { lazyRoute } from '../../router';
import './home.css';

/** The web's Why section, below the fold, with its texts: not part of Home inside Telegram. */
const WhySection = lazyRoute(() => import('../home-why/WhySection').then((module) => module.default));

/** How many packs the drops' and the resale shelves show inside Telegram: two rows on a phone. */
const SHELF_SIZE = 4;

/**
 * Home: on the web SPEC's landing page (the hero, the figures, trending packs, why); inside Telegram, where
 * people come to collect, the packs first (trending, new drops, on resale) and the figures in one row.
 */
export function HomePage() {
  const { inside } = useTelegram();
  return <Page back={false}>{inside ? <TelegramHome /> : <WebHome />}</Page>;
}

function WebHome() {
  const tFirst = useT(shellTexts);
  return (
    <>
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
      <HomeFigures />
      <TrendingShelf />
      <Suspense fallback={null}>
        <WhySection />
      </Suspense>
    </>
  );
}

function TelegramHome() {
  const api = useApi();
  const t = useT(homeTexts);
  const drops = useQuery(packQueries.shelf(api, { search: '', sort: 'newest', availability: 'primary' }, SHELF_SIZE));
  const resale = useQuery(packQueries.shelf(api, { search: '', sort: 'trending', availability: 'resale' }, SHELF_SIZE));
  return (
    <>
      <TrendingShelf />
      <PackShelf
        title={t('home.drops.title')}
        more={{ to: '/marketplace?sort=newest&availability=primary', label: t('home.shelf.all') }}
        packs={drops.data ?? (drops.isError ? [] : undefined)}
        count={SHELF_SIZE}
        testId="home-drops"
      />
      <PackShelf
        title={t('home.resale.title')}
        more={{ to: '/marketplace?availability=resale', label: t('home.shelf.all') }}
        packs={resale.data ?? (resale.isError ? [] : undefined)}
        count={SHELF_SIZE}
        hideWhenEmpty
        testId="home-resale"
      />
      <HomeFigures compact />
    </>
  );
}

/** SPEC's Trending Stickers; its words are the first screen's catalogue's, beside the hero's. */
function TrendingShelf() {
  const api = useApi();
  const tFirst = useT(shellTexts);
  const trending = useQuery(packQueries.trending(api));
  return (
    <PackShelf
      title={tFirst('shell.trending.title')}
      more={{ to: '/marketplace', label: tFirst('shell.trending.all') }}
      packs={trending.isPending ? undefined : (trending.data ?? [])}
      count={TRENDING_LIMIT}
      testId="home-trending"
    />
  );
}

function HomeFigures({ compact = false }: { compact?: boolean }) {
  const api = useApi();
  const t = useT(homeTexts);
  const format = useFormat();
  const stats = useQuery(statsQueries.marketplace(api));
  return (
    <StatTiles
      compact={compact}
      label={t('home.stats.label')}
      tiles={homeStatTiles(stats.isPending ? undefined : stats.data, t, format)}
    />
  );
}
