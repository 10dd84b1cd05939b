import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { CURRENCY, MESSAGES, STUDIO_TEXTS } from '@stickerdrop/shared';
import { Gem, Repeat, ShoppingCart, Wallet } from '../../components/icon-set';
import { useApi } from '../../api/ApiProvider';
import { errorText } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { saveBlob } from '../../components/save-blob';
import { StatTiles } from '../../components/StatTiles';
import { Page } from '../../telegram/Page';
import { useToast } from '../../toast/ToastProvider';
import { useAuth } from '../auth/AuthProvider';
import { BecomeCreatorButton } from '../profile/BecomeCreatorButton';
import { LinkWalletButton } from '../payments/LinkWalletButton';
import { PayoutWalletAsk } from '../payments/PayoutWalletAsk';
import { studioApi, studioQueries } from './queries';
import { SalesChart } from './SalesChart';
import { StudioPacksTable } from './StudioPacksTable';
import '../resale/resale.css';
import './studio.css';

/** #/studio: a creator's packs, what they sold and earned, the sales by day, the CSV, and the edits allowed. */
export function StudioPage() {
  const api = useApi();
  const toast = useToast();
  const { user } = useAuth();
  const studio = useQuery({ ...studioQueries.overview(api), enabled: Boolean(user?.isCreator) });
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (studio.isError) toast.error(errorText(studio.error, STUDIO_TEXTS.loadFailed));
  }, [studio.isError, studio.error, toast]);

  async function exportCsv() {
    setExporting(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(await studioApi.salesCsv(api), `stickerdrop-sales-${day}.csv`);
    } catch (error) {
      toast.error(errorText(error, STUDIO_TEXTS.exportFailed));
    } finally {
      setExporting(false);
    }
  }

  if (!user) return null;
  if (!user.isCreator) {
    return (
      <Page webBack>
        <h1 className="page-title">{STUDIO_TEXTS.title}</h1>
        <Placeholder
          header={MESSAGES.creatorAccessRequired}
          description={MESSAGES.creatorAccessRequiredDetail}
          action={<BecomeCreatorButton />}
        />
      </Page>
    );
  }

  const data = studio.data;
  return (
    <Page webBack>
      <div className="studio__head">
        <h1 className="page-title">{STUDIO_TEXTS.title}</h1>
        <ButtonLink to="/create" size="s">
          {STUDIO_TEXTS.newPack}
        </ButtonLink>
      </div>
      <p className="muted studio__intro">{STUDIO_TEXTS.intro}</p>
      {/* Nothing owed yet: the payout wallet is asked for here; once something is, on the owed line. */}
      {data && data.totals.royaltiesOwed === '0.00' ? <PayoutWalletAsk /> : null}
      {studio.isPending ? (
        <Loading />
      ) : !data ? null : (
        <>
          <StatTiles
            label="Studio totals"
            tiles={[
              { label: 'Editions sold', value: data.totals.sold, icon: ShoppingCart },
              { label: 'Revenue', value: `${data.totals.revenue} ${CURRENCY}`, icon: Gem },
              { label: 'Royalties paid', value: `${data.totals.royaltiesPaid} ${CURRENCY}`, icon: Repeat },
              { label: 'Royalties owed', value: `${data.totals.royaltiesOwed} ${CURRENCY}`, icon: Wallet },
            ]}
          />
          <OwedLine owed={data.totals.royaltiesOwed} />
          <section className="panel studio__section" aria-labelledby="studio-chart">
            <h2 id="studio-chart">{STUDIO_TEXTS.chartTitle}</h2>
            <SalesChart days={data.days} />
          </section>
          <section className="studio__section" aria-labelledby="studio-packs">
            <div className="studio__section-head">
              <h2 id="studio-packs">Your packs</h2>
              <Button size="s" mode="bezeled" loading={exporting} onClick={() => void exportCsv()}>
                {STUDIO_TEXTS.exportCsv}
              </Button>
            </div>
            {data.packs.length === 0 ? (
              <Placeholder header={STUDIO_TEXTS.empty} description={STUDIO_TEXTS.emptyDetail} />
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
  if (owed === '0.00') return null;
  return (
    <div className="studio__owed" data-testid="studio-owed">
      <span>{STUDIO_TEXTS.owedHint}</span>
      {user?.walletAddress ? null : <LinkWalletButton label={STUDIO_TEXTS.owedLinkWallet} size="s" stretched={false} />}
    </div>
  );
}
