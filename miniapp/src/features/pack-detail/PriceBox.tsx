import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import {
  API_ERRORS,
  CURRENCY,
  MESSAGES,
  isSoldOut,
  remainingSupply,
  type PackDetail,
  type PaymentMethod,
} from '@stickerdrop/shared';
import { haptics } from '../../telegram/haptics';
import { useMainButton } from '../../telegram/use-main-button';
import { useTelegram } from '../../telegram/TelegramProvider';
import { PaymentStep } from '../orders/PaymentStep';
import { PAYMENT_LABELS, defaultPaymentChoice } from '../orders/payment-methods';
import { usePurchase } from '../orders/use-purchase';
import { SOLD_OUT_LABEL } from './texts';

/** SPEC §2: price, remaining supply labelled limited edition, payment choice and Buy Now. */
export function PriceBox({ pack, choices }: { pack: PackDetail; choices: PaymentMethod[] }) {
  const { inside } = useTelegram();
  // The buyer's pick while it is still offered; else the container's default (the choices can change
  // when the API's config arrives after the pack).
  const [picked, setMethod] = useState<PaymentMethod | null>(null);
  const method = picked && choices.includes(picked) ? picked : defaultPaymentChoice(choices, inside);
  const purchase = usePurchase(pack.id);
  const soldOut = isSoldOut(pack);
  const awaitingDemo = purchase.phase === 'awaiting' && purchase.order?.payment.kind === 'demo';
  const buyText = `Buy Now · ${pack.price} ${CURRENCY}`;

  // Inside Telegram the Main Button is the screen's action: Buy Now, then Pay (demo) on the demo rail.
  const native = useMainButton({
    text: awaitingDemo ? `Pay (demo) · ${pack.price} ${CURRENCY}` : soldOut ? SOLD_OUT_LABEL : buyText,
    visible: true,
    enabled: !soldOut && purchase.phase !== 'confirming',
    loading: purchase.processing,
    onClick: () => (awaitingDemo ? void purchase.payDemo() : void purchase.buy(method)),
  });

  return (
    <section className="price-box" aria-label="Buy this pack">
      <div className="price-box__price">
        <span className="price-box__amount">{pack.price}</span> {CURRENCY}
      </div>
      <p className="price-box__supply">
        {remainingSupply(pack)} of {pack.maxSupply} left · {MESSAGES.limitedEdition}
      </p>
      {soldOut ? (
        <p className="price-box__sold-out" role="alert">
          {API_ERRORS.soldOut}
        </p>
      ) : null}

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
          <fieldset className="payment-choice" disabled={soldOut || purchase.processing}>
            <legend>Payment method</legend>
            {choices.map((choice) => (
              <label key={choice} className={`chip${method === choice ? ' chip--active' : ''}`}>
                <input
                  type="radio"
                  name="payment-method"
                  value={choice}
                  checked={method === choice}
                  onChange={() => {
                    haptics.selection();
                    setMethod(choice);
                  }}
                />
                {PAYMENT_LABELS[choice]}
              </label>
            ))}
          </fieldset>
          {native ? null : (
            <Button
              stretched
              size="l"
              disabled={soldOut}
              loading={purchase.processing}
              onClick={() => void purchase.buy(method)}
            >
              {soldOut ? SOLD_OUT_LABEL : buyText}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
