import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../../router';
import { Placeholder } from '@telegram-apps/telegram-ui';
import { parsePackId } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { ButtonLink } from '../../components/ButtonLink';
import { Loading } from '../../components/Loading';
import { Page } from '../../telegram/Page';
import { useTelegram } from '../../telegram/TelegramProvider';
import { configQueries } from '../config/queries';
import { paymentChoices, resalePaymentChoice } from '../orders/payment-methods';
import { packQueries } from '../packs/queries';
import { useLike } from '../packs/use-like';
import { routeOrderId, useOrderFromRoute } from './use-order-from-route';
import { usePackActions } from './use-pack-actions';
import { usePurchase } from '../orders/use-purchase';
import { useCountdown } from '../drops/use-countdown';
import { resaleQueries } from '../resale/queries';
import { useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import { PackBuy } from './PackBuy';
import { PackMedia } from './PackMedia';
import { PackMore } from './PackMore';
import './pack-detail.css';

export function PackDetailPage() {
  const api = useApi();
  const { inside } = useTelegram();
  const [params] = useSearchParams();
  const id = parsePackId(params.get('id'));
  const pack = useQuery({ ...packQueries.detail(api, id ?? 0), enabled: id !== null });
  const clientConfig = useQuery(configQueries.detail(api));
  const like = useLike();
  const actions = usePackActions(pack.data, clientConfig.data?.botUsername ?? null);
  const purchase = usePurchase(id ?? 0);
  useOrderFromRoute(purchase);
  const queryClient = useQueryClient();
  // The listings are asked for with the page, as before, but only the price box and the market read them:
  // their answer re-renders those, not the whole page (a pack's Main Button follows its cheapest listing).
  useEffect(() => {
    if (id !== null) void queryClient.prefetchQuery(resaleQueries.listings(api, id));
  }, [queryClient, api, id]);
  const dropLeftMs = useCountdown(pack.data?.dropsAt ?? null);

  // A link naming only an order (the bot's Pay button) waits for the order to name its pack.
  if ((id !== null && pack.isPending) || (id === null && routeOrderId(params))) {
    return (
      <Page webBack>
        <Loading />
      </Page>
    );
  }
  if (id === null || pack.isError || !pack.data) return <PackNotFound />;

  return (
    <Page webBack>
      <article className="detail">
        <PackMedia pack={pack.data} />
        <div className="detail__info">
          <PackBuy
            pack={pack.data}
            purchase={purchase}
            choices={paymentChoices(clientConfig.data?.paymentMethods, inside)}
            dropLeftMs={dropLeftMs}
          />
          <PackMore
            pack={pack.data}
            purchase={purchase}
            actions={actions}
            like={like}
            resaleChoice={resalePaymentChoice(clientConfig.data?.paymentMethods)}
          />
        </div>
      </article>
    </Page>
  );
}

function PackNotFound() {
  const t = useT(packDetailTexts);
  return (
    <Page webBack>
      <Placeholder
        header={t('pack-detail.notFound.title')}
        description={t('pack-detail.notFound.text')}
        action={<ButtonLink to="/marketplace">{t('pack-detail.notFound.browse')}</ButtonLink>}
      />
    </Page>
  );
}
