import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { Gem, Repeat, ShoppingCart, Wallet } from '../../components/icon-set';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { saveBlob } from '../../components/save-blob';
import { StatTiles } from '../../components/StatTiles';
import { useFormat } from '../../i18n/format';
import { translate, useT } from '../../i18n/translate';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { CreatorAccessRequired } from '../profile/CreatorAccessRequired';
import { LinkWalletButton } from '../payments/LinkWalletButton';
import { PayoutWalletAsk } from '../payments/PayoutWalletAsk';
import { studioTexts } from './messages';
import { studioApi, studioQueries } from './queries';
import { SalesChart } from './SalesChart';
import { StudioPacksTable } from './StudioPacksTable';
import { StudioBalance } from './StudioBalance';
import '../resale/resale.css';
import './studio.css';

/** #/studio: a creator's packs, what they sold and earned, the sales by day, the CSV, and the edits allowed. */
export function StudioPage() {
  const api = useApi();
  const toast = useToast();
  const { user } = useAuth();
  const studio = useQuery({ ...studioQueries.overview(api), enabled: Boolean(user?.isCreator) });
  const [exporting, setExporting] = useState(false);
  const t = useT(studioTexts);
  const format = useFormat();

  useEffect(() => {
    if (studio.isError) toast.error(errorText(studio.error, translate(studioTexts, 'studio.loadFailed')));
  }, [studio.isError, studio.error, toast]);

  async function exportCsv() {
    setExporting(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(await studioApi.salesCsv(api), `stickerdrop-sales-${day}.csv`);
    } catch (error) {
      toast.error(errorText(error, translate(studioTexts, 'studio.exportFailed')));
    } finally {
      setExporting(false);
    }
  }

  if (!user) return null;
  if (!user.isCreator) {
    return (
      <Page webBack>
        <h1 className="page-title">{t('studio.title')}</h1>
        <CreatorAccessRequired />
      </Page>
    );
  }

  const data = studio.data;
  return (
    <Page webBack>
      <div className="studio__head">
        <h1 className="page-title">{t('studio.title')}</h1>
        <ButtonLink to="/create" size="s">
          {t('studio.newPack')}
        </ButtonLink>
      </div>
      <p className="muted studio__intro">{t('studio.intro')}</p>
      {/* Nothing owed yet: the payout wallet is asked for here; once something is, on the owed line. */}
      {data && data.totals.royaltiesOwed === '0.00' ? <PayoutWalletAsk /> : null}
      {studio.isPending ? (
        <Loading />
      ) : !data ? null : (
        <>
          <StatTiles
            label={t('studio.totals.label')}
            tiles={[
              { label: t('studio.totals.sold'), value: format.count(data.totals.sold), icon: ShoppingCart },
              { label: t('studio.totals.revenue'), value: format.ton(data.totals.revenue), icon: Gem },
              { label: t('studio.totals.royaltiesPaid'), value: format.ton(data.totals.royaltiesPaid), icon: Repeat },
              { label: t('studio.totals.royaltiesOwed'), value: format.ton(data.totals.royaltiesOwed), icon: Wallet },
            ]}
          />
          <OwedLine owed={data.totals.royaltiesOwed} />
          <StudioBalance balance={data.balance} />
          <section className="panel studio__section" aria-labelledby="studio-chart">
            <h2 id="studio-chart">{t('studio.chart.title')}</h2>
            <SalesChart days={data.days} />
          </section>
          <section className="studio__section" aria-labelledby="studio-packs">
            <div className="studio__section-head">
              <h2 id="studio-packs">{t('studio.packs.title')}</h2>
              <Button size="s" mode="bezeled" loading={exporting} onClick={() => void exportCsv()}>
                {t('studio.exportCsv')}
              </Button>
            </div>
            {data.packs.length === 0 ? (
              <Placeholder header={t('studio.empty')} description={t('studio.emptyDetail')} />
            ) : (
              <StudioPacksTable packs={data.packs} />
            )}
          </section>
        </>
      )}
    </Page>
  );
}

/** Royalties owed for want of a wallet: said, with the way to link one right there while none is. */
function OwedLine({ owed }: { owed: string }) {
  const { user } = useAuth();
  const t = useT(studioTexts);
  if (owed === '0.00') return null;
  return (
    <div className="studio__owed" data-testid="studio-owed">
      <span>{t('studio.owedHint')}</span>
      {user?.walletAddress ? null : <LinkWalletButton label={t('studio.owedLinkWallet')} size="s" stretched={false} />}
    </div>
  );
}
