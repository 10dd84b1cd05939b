import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, type EditionDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useMainButton } from '../../telegram/use-main-button';
import { configQueries } from '../config/queries';
import { PaymentStep } from '../orders/PaymentStep';
import { resalePaymentChoice } from '../orders/payment-methods';
import { usePurchase } from '../orders/use-purchase';
import './pack-detail.css';

/**
 * A listed edition's price and Buy (Telegram's Main Button inside Telegram), then its payment step: bot
 * and shared links land on the edition page, and it sells what it shows.
 */
export function EditionBuyBox({ edition }: { edition: EditionDetail }) {
  const api = useApi();
  const clientConfig = useQuery(configQueries.detail(api));
  const purchase = usePurchase(edition.pack.id);
  const listing = edition.listing;
  const awaitingDemo = purchase.phase === 'awaiting' && purchase.order?.payment.kind === 'demo';
  const buyText = listing ? `Buy · ${listing.price} ${CURRENCY}` : '';
  const buy = () => {
    if (listing) void purchase.buy(resalePaymentChoice(clientConfig.data?.paymentMethods), listing.id);
  };
  const native = useMainButton({
    text: awaitingDemo ? `Pay (demo) · ${purchase.order?.amount ?? listing?.price ?? ''} ${CURRENCY}` : buyText,
    visible: listing !== null,
    enabled: purchase.phase !== 'confirming',
    loading: purchase.processing,
    onClick: () => (awaitingDemo ? void purchase.payDemo() : buy()),
  });
  if (!listing) return null;

  return (
    <section className="price-box" aria-label="Buy this edition">
      <div className="price-box__price">
        <span className="price-box__amount">{listing.price}</span> {CURRENCY}
      </div>
      <p className="price-box__supply">
        Edition #{edition.serial} of {edition.pack.maxSupply} · resale
      </p>
      {purchase.order && purchase.phase !== 'idle' ? (
        <PaymentStep
          order={purchase.order}
          phase={purchase.phase}
          showButton={!native}
          onPayDemo={() => void purchase.payDemo()}
          onCancel={purchase.cancel}
        />
      ) : native ? null : (
        <Button stretched size="l" loading={purchase.processing} onClick={buy}>
          {buyText}
        </Button>
      )}
    </section>
  );
}
