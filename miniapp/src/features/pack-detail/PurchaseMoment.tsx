import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { useApi } from '../../api/ApiProvider';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useNavigate } from '../../router';
import { useAuth } from '../auth/AuthProvider';
import { collectionQueries } from '../collection/queries';
import { ordersTexts } from '../orders/messages';
import { AddToTelegramButton } from './AddToTelegramButton';
import { useAddToTelegram } from './use-add-to-telegram';
import './purchase-moment.css';

export interface BoughtEdition {
  packId: number;
  serial: number;
  supply: number;
}

/**
 * The moment a purchase is paid, where the buyer's eyes are (the buy box's place): the serial that is now
 * theirs, and what they came to do next: add the set to Telegram (inside Telegram the native Secondary
 * Button), sell it on (the edition's page, found in the collection once it has reloaded), see the
 * collection. In the page, not over it: nothing else on the page waits for it to be closed.
 */
export function PurchaseMoment({ bought }: { bought: BoughtEdition }) {
  const t = useT(ordersTexts);
  const format = useFormat();
  const navigate = useNavigate();
  const editionId = useBoughtEditionId(bought);
  const addToTelegram = useAddToTelegram();
  const title = t('orders.moment.title', { serial: format.count(bought.serial), supply: format.count(bought.supply) });
  return (
    <section className="purchase-moment" aria-label={title} role="status">
      <p className="purchase-moment__serial" aria-hidden="true">
        #{format.count(bought.serial)}
      </p>
      <h2 className="purchase-moment__title">{title}</h2>
      <div className="purchase-moment__actions">
        <AddToTelegramButton pending={addToTelegram.isPending} onAdd={() => addToTelegram.mutate(bought.packId)} />
        <Button
          size="s"
          mode="bezeled"
          disabled={editionId === null}
          onClick={() => navigate(`/edition?id=${editionId}`)}
        >
          {t('orders.moment.sell')}
        </Button>
        <Button size="s" mode="bezeled" onClick={() => navigate('/collection')}>
          {t('orders.moment.collection')}
        </Button>
      </div>
    </section>
  );
}

/** The bought edition's id, from the collection the purchase reloads; null until it has. */
function useBoughtEditionId(bought: BoughtEdition): number | null {
  const api = useApi();
  const { user } = useAuth();
  const collection = useQuery({ ...collectionQueries.list(api), enabled: user !== null });
  const item = collection.data?.find((entry) => entry.id === bought.packId && entry.serial === bought.serial);
  return item?.editionId ?? null;
}
