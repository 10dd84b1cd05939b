import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import type { EditionDetail } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useMainButton } from '../../telegram/use-main-button';
import { configQueries } from '../config/queries';
import { PaymentStep } from '../orders/PaymentStep';
import { TonPrice } from './TonPrice';
import { BuyAsGift } from '../gifts/BuyAsGift';
import { resalePaymentChoice } from '../orders/payment-methods';
import { usePurchase } from '../orders/use-purchase';
import { ordersTexts } from '../orders/messages';
import { tonText, withAmountText } from '../orders/stars-price';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';
import { PurchaseMoment } from './PurchaseMoment';
import './pack-detail.css';

/**
 * A listed edition's price and Buy (Telegram's Main Button inside Telegram), then its payment step: bot
 * and shared links land on the edition page, and it sells what it shows.
 */
export function EditionBuyBox({ edition }: { edition: EditionDetail }) {
  const api = useApi();
  const t = useT(packDetailTexts);
  const tOrders = useT(ordersTexts);
  const format = useFormat();
  const clientConfig = useQuery(configQueries.detail(api));
  const purchase = usePurchase(edition.pack.id);
  const [asGift, setAsGift] = useState(false);
  const listing = edition.listing;
  const awaitingDemo = purchase.phase === 'awaiting' && purchase.order?.payment.kind === 'demo';
  const buyText = listing ? t('pack-detail.buy', { price: tonText(format, listing.price) }) : '';
  const buy = () => {
    if (listing) void purchase.buy(resalePaymentChoice(clientConfig.data?.paymentMethods), listing.id, asGift);
  };
  const native = useMainButton({
    text: awaitingDemo
      ? withAmountText(tOrders('orders.payDemo'), tonText(format, purchase.order?.amount ?? listing?.price ?? ''))
      : buyText,
    visible: listing !== null,
    enabled: purchase.phase !== 'confirming',
    loading: purchase.processing,
    onClick: () => (awaitingDemo ? void purchase.payDemo() : buy()),
  });
  // Once paid the listing is gone from the edition, and the moment takes the buy box's place.
  const moment = purchase.paid ? (
    <PurchaseMoment bought={{ packId: edition.pack.id, serial: edition.serial, supply: edition.pack.maxSupply }} />
  ) : null;
  if (moment || !listing) return moment;

  return (
    <section className="price-box" aria-label={t('pack-detail.buyEdition')}>
      <TonPrice amount={listing.price} />
      <p className="price-box__supply">
        {t('pack-detail.resaleEdition', {
          serial: format.count(edition.serial),
          supply: format.count(edition.pack.maxSupply),
        })}
      </p>
      {purchase.order && purchase.phase !== 'idle' ? (
        <PaymentStep
          order={purchase.order}
          phase={purchase.phase}
          showButton={!native}
          onPayDemo={() => void purchase.payDemo()}
          onCancel={purchase.cancel}
        />
      ) : (
        <>
          <BuyAsGift checked={asGift} disabled={purchase.processing} onChange={setAsGift} />
          {native ? null : (
            <Button stretched size="l" loading={purchase.processing} onClick={buy}>
              {buyText}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
