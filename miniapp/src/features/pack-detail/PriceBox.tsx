import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import {
  formatCountdown,
  isSoldOut,
  remainingSupply,
  type Order,
  type PackDetail,
  type PaymentMethod,
} from '@stickerdrop/shared';
import { useMainButton } from '../../telegram/use-main-button';
import { useTelegram } from '../../telegram/TelegramProvider';
import { PaymentStep } from '../orders/PaymentStep';
import { defaultPaymentChoice } from '../orders/payment-methods';
import { RailAmount, StarsAmount } from '../orders/StarsAmount';
import { StarsLockNote } from '../orders/StarsLockNote';
import { nativeAmountText, starsPrice, tonText, withAmountText, type StarsTerms } from '../orders/stars-price';
import { ordersTexts } from '../orders/messages';
import { dropsTexts } from '../drops/messages';
import { useFormat, type Formats } from '../../i18n/format';
import { RichText, translate, useT, type Translate } from '../../i18n/translate';
import { packDetailTexts, type PackDetailKey } from './messages';
import { useStarsTerms } from '../orders/use-stars-terms';
import type { usePurchase } from '../orders/use-purchase';
import { PaymentChoice } from './PaymentChoice';
import { TonPrice } from './TonPrice';
import { BuyAsGift } from '../gifts/BuyAsGift';
import { MakeOfferSheet } from '../offers/MakeOfferSheet';
import { ButtonLink } from '../../components/ButtonLink';
import { useCheapestListing, useSoldOutAction } from './use-sold-out-action';

type Purchase = ReturnType<typeof usePurchase>;

/** The headline price: in Stars when Stars is chosen (the TON price beside it), else SPEC's "2.20 TON". */
function Headline({ amount, method, terms }: { amount: string; method: PaymentMethod; terms: StarsTerms }) {
  const t = useT(packDetailTexts);
  const format = useFormat();
  const stars = method === 'stars' ? starsPrice(amount, terms) : null;
  if (stars === null) return <TonPrice amount={amount} />;
  return (
    <div className="price-box__price">
      <span className="price-box__amount">
        <StarsAmount stars={stars} size={26} />
      </span>{' '}
      <span className="price-box__ton">{t('pack-detail.inTon', { amount: tonText(format, amount) })}</span>
    </div>
  );
}

/** The time left before a drop: "1d 02:03:04", the days in the reader's words ("1 д 02:03:04"). */
function countdownText(ms: number, format: Formats): string {
  const [, days, clock] = /^(?:(\d+)d )?(.*)$/.exec(formatCountdown(ms))!;
  if (!days) return clock!;
  return translate(dropsTexts, 'drops.countdownDays', { days: format.number(Number(days)), clock: clock! });
}

/** What the Buy action says: the drop's wait, the sold-out pack's way on, or Buy Now in the rail's unit. */
function buyLabels(props: {
  pack: PackDetail;
  method: PaymentMethod;
  terms: StarsTerms;
  soldOutText: string;
  dropLeftMs: number;
  t: Translate<PackDetailKey>;
  format: Formats;
}): { native: string; page: ReactNode; blocked: boolean } {
  const { pack, method, terms, soldOutText, dropLeftMs, t, format } = props;
  if (dropLeftMs > 0) {
    const text = t('pack-detail.opensIn', { countdown: countdownText(dropLeftMs, format) });
    return { native: text, page: text, blocked: true };
  }
  if (isSoldOut(pack)) return { native: soldOutText, page: soldOutText, blocked: false };
  return {
    native: withAmountText(t('pack-detail.buyNow'), nativeAmountText(method, pack.price, terms, format)),
    page: (
      <RichText
        text={t('pack-detail.buyNow')}
        components={{ amount: <RailAmount method={method} amount={pack.price} terms={terms} /> }}
      />
    ),
    blocked: false,
  };
}

/** The price (in the rail's unit), what is left (or the resale's edition), and sold out. */
function PriceHeader({ pack, resale, method }: { pack: PackDetail; resale: Order | null; method: PaymentMethod }) {
  const terms = useStarsTerms();
  const t = useT(packDetailTexts);
  const format = useFormat();
  const lines = [
    resale
      ? t('pack-detail.resaleEdition', {
          serial: resale.serial === undefined ? '' : format.count(resale.serial),
          supply: format.count(pack.maxSupply),
        })
      : t('pack-detail.left', { left: format.count(remainingSupply(pack)), supply: format.count(pack.maxSupply) }),
    pack.maxPerUser ? t('pack-detail.perUserCap', { max: format.count(pack.maxPerUser) }) : null,
  ];
  return (
    <>
      {resale ? (
        <Headline amount={resale.amount} method="ton" terms={terms} />
      ) : (
        <Headline amount={pack.price} method={method} terms={terms} />
      )}
      <p className="price-box__supply">{lines.filter(Boolean).join(' · ')}</p>
      {isSoldOut(pack) && !resale ? (
        <p className="price-box__sold-out" role="alert">
          {t('pack-detail.soldOutAlert')}
        </p>
      ) : null}
    </>
  );
}

/** Scrolls the element into view whenever `key` becomes set or changes. */
function useBroughtIntoView(key: string | undefined) {
  const element = useRef<HTMLElement>(null);
  useEffect(() => {
    if (key) element.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [key]);
  return element;
}

/**
 * The rails to pick from (none when sold out: nothing is bought at the pack's price, so a choice would ask
 * for nothing), the Stars lock said before paying when Stars is picked, and the page's Buy button.
 */
function BuyChoice(props: {
  choices: PaymentMethod[];
  method: PaymentMethod;
  onPick(method: PaymentMethod): void;
  disabled: boolean;
  terms: StarsTerms;
  /** "Buy as a gift", above the button. */
  gift: ReactNode;
  button: ReactNode;
}) {
  const { choices, method, terms } = props;
  return (
    <>
      {choices.length > 0 ? (
        <PaymentChoice choices={choices} method={method} disabled={props.disabled} onPick={props.onPick} />
      ) : null}
      {choices.length > 0 && method === 'stars' ? <StarsLockNote terms={terms} /> : null}
      {props.gift}
      {props.button}
    </>
  );
}

/**
 * SPEC §2: price, remaining supply labelled limited edition, payment choice and Buy Now. Once the primary
 * supply is sold out the action is never a dead end: it opens the cheapest listing ("From <floor> on
 * resale"), or, with none listed, a pack-wide offer.
 * Every amount is in the chosen rail's unit: with Stars, the Stars the invoice will charge, and the resale
 * lock a Stars payment brings is said before paying.
 */
export function PriceBox({
  pack,
  choices,
  purchase,
  dropLeftMs = 0,
}: {
  pack: PackDetail;
  choices: PaymentMethod[];
  purchase: Purchase;
  /** Time until the pack's drop opens; Buy Now waits for zero (the page re-renders every second). */
  dropLeftMs?: number;
}) {
  const { inside } = useTelegram();
  const terms = useStarsTerms();
  const t = useT(packDetailTexts);
  const tOrders = useT(ordersTexts);
  const format = useFormat();
  // The buyer's pick while it is still offered; else the container's default (the choices can change
  // when the API's config arrives after the pack).
  const [picked, setMethod] = useState<PaymentMethod | null>(null);
  const [asGift, setAsGift] = useState(false);
  const method = picked && choices.includes(picked) ? picked : defaultPaymentChoice(choices, inside);
  const soldOut = isSoldOut(pack);
  const onward = useSoldOutAction({ floorPrice: pack.floorPrice, ...useCheapestListing(pack.id) });
  const labels = buyLabels({ pack, method, terms, soldOutText: onward.text, dropLeftMs, t, format });
  const order = purchase.phase !== 'idle' ? purchase.order : null;
  const awaitingDemo = purchase.phase === 'awaiting' && order?.payment.kind === 'demo';
  const buy = () => (soldOut ? onward.run() : void purchase.buy(method, undefined, asGift));
  const loading = purchase.processing || (soldOut && onward.loading);

  // Inside Telegram the Main Button is the screen's action: Buy Now, then Pay (demo) on the demo rail.
  const native = useMainButton({
    text:
      awaitingDemo && order
        ? withAmountText(tOrders('orders.payDemo'), nativeAmountText(order.paymentMethod, order.amount, terms, format))
        : labels.native,
    visible: true,
    enabled: !labels.blocked && purchase.phase !== 'confirming',
    loading,
    onClick: () => (awaitingDemo ? void purchase.payDemo() : buy()),
  });

  // While a collector's edition is being paid (a listing, an accepted offer), the box shows that sale.
  const resale = order?.kind === 'resale' ? order : null;
  // A payment started further down (a listing's Buy) shows its step here: bring it into view.
  const box = useBroughtIntoView(order?.id);

  return (
    <section ref={box} className="price-box" aria-label={t('pack-detail.buyPack')}>
      <PriceHeader pack={pack} resale={resale} method={order ? order.paymentMethod : soldOut ? 'ton' : method} />

      {order ? (
        <PaymentStep
          order={order}
          phase={purchase.phase}
          showButton={!native}
          onPayDemo={() => void purchase.payDemo()}
          onCancel={purchase.cancel}
        />
      ) : (
        <BuyChoice
          choices={soldOut ? [] : choices}
          method={method}
          onPick={setMethod}
          disabled={labels.blocked || purchase.processing}
          terms={terms}
          gift={
            labels.blocked || soldOut ? null : (
              <BuyAsGift checked={asGift} disabled={purchase.processing} onChange={setAsGift} />
            )
          }
          button={
            native ? null : onward.to && soldOut ? (
              <ButtonLink to={onward.to} stretched size="l">
                {labels.page}
              </ButtonLink>
            ) : (
              <Button stretched size="l" disabled={labels.blocked} loading={loading} onClick={buy}>
                {labels.page}
              </Button>
            )
          }
        />
      )}
      {onward.offering.making ? (
        <MakeOfferSheet packId={pack.id} target={{ packId: pack.id }} onClose={onward.offering.close} />
      ) : null}
    </section>
  );
}
