import { useEffect, useRef, useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import {
  API_ERRORS,
  CURRENCY,
  DROP_TEXTS,
  MESSAGES,
  formatCountdown,
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
import type { usePurchase } from '../orders/use-purchase';
import { SOLD_OUT_LABEL } from './texts';

type Purchase = ReturnType<typeof usePurchase>;

/** Resale is paid in TON (or on the demo rail in demo mode); card and Stars stay for primary sales. */
function resaleMethod(method: PaymentMethod, choices: PaymentMethod[]): PaymentMethod {
  if (method === 'ton' || method === 'demo') return method;
  return choices.includes('demo') ? 'demo' : 'ton';
}

/**
 * SPEC §2: price, remaining supply labelled limited edition, payment choice and Buy Now. Once the primary
 * supply is sold out and an edition is listed, the action buys the cheapest listing ("Buy from <floor>").
 */
export function PriceBox({
  pack,
  choices,
  purchase,
  cheapest,
  dropLeftMs = 0,
}: {
  pack: PackDetail;
  choices: PaymentMethod[];
  purchase: Purchase;
  cheapest: { id: number; price: string } | null;
  /** Time until the pack's drop opens; Buy Now waits for zero (the page re-renders every second). */
  dropLeftMs?: number;
}) {
  const { inside } = useTelegram();
  // The buyer's pick while it is still offered; else the container's default (the choices can change
  // when the API's config arrives after the pack).
  const [picked, setMethod] = useState<PaymentMethod | null>(null);
  const method = picked && choices.includes(picked) ? picked : defaultPaymentChoice(choices, inside);
  const soldOut = isSoldOut(pack);
  const fromFloor = soldOut && cheapest !== null;
  const locked = dropLeftMs > 0;
  const blocked = (soldOut && !fromFloor) || locked;
  const actionText = locked
    ? DROP_TEXTS.buyLocked(formatCountdown(dropLeftMs))
    : soldOut && !fromFloor
      ? SOLD_OUT_LABEL
      : null;
  const awaitingDemo = purchase.phase === 'awaiting' && purchase.order?.payment.kind === 'demo';
  const buyText = fromFloor ? `Buy from ${cheapest.price} ${CURRENCY}` : `Buy Now · ${pack.price} ${CURRENCY}`;
  const buy = () => (fromFloor ? purchase.buy(resaleMethod(method, choices), cheapest.id) : purchase.buy(method));

  // Inside Telegram the Main Button is the screen's action: Buy Now, then Pay (demo) on the demo rail.
  const native = useMainButton({
    text: awaitingDemo ? `Pay (demo) · ${purchase.order?.amount ?? pack.price} ${CURRENCY}` : (actionText ?? buyText),
    visible: true,
    enabled: !blocked && purchase.phase !== 'confirming',
    loading: purchase.processing,
    onClick: () => (awaitingDemo ? void purchase.payDemo() : void buy()),
  });

  // While a collector's edition is being paid (a listing, an accepted offer), the box shows that sale.
  const resale = purchase.phase !== 'idle' && purchase.order?.kind === 'resale' ? purchase.order : null;

  // A payment started further down (a listing's Buy) shows its step here: bring it into view.
  const box = useRef<HTMLElement>(null);
  const stepOrderId = purchase.phase !== 'idle' ? purchase.order?.id : undefined;
  useEffect(() => {
    if (stepOrderId) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [stepOrderId]);

  return (
    <section ref={box} className="price-box" aria-label="Buy this pack">
      <div className="price-box__price">
        <span className="price-box__amount">{resale ? resale.amount : pack.price}</span> {CURRENCY}
      </div>
      <p className="price-box__supply">
        {resale
          ? `Edition #${resale.serial} of ${pack.maxSupply} · resale`
          : `${remainingSupply(pack)} of ${pack.maxSupply} left · ${MESSAGES.limitedEdition}`}
        {pack.maxPerUser ? ` · ${DROP_TEXTS.perUserCap(pack.maxPerUser)}` : ''}
      </p>
      {soldOut && !resale ? (
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
          {/* Sold out, nothing is bought here at the pack's price: a payment choice would ask for nothing. */}
          {soldOut ? null : (
            <fieldset className="payment-choice" disabled={blocked || purchase.processing}>
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
          )}
          {native ? null : (
            <Button stretched size="l" disabled={blocked} loading={purchase.processing} onClick={() => void buy()}>
              {actionText ?? buyText}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
