import { Button } from '@telegram-apps/telegram-ui';
import type { Order } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { RichText, useT } from '../../i18n/translate';
import { ordersTexts } from './messages';
import { RailAmount, StarsAmount } from './StarsAmount';
import { tonText } from './stars-price';
import { StarsLockNote } from './StarsLockNote';
import { useStarsTerms } from './use-stars-terms';
import { openExternalUrl } from '../../telegram/links';
import type { PurchasePhase } from './use-purchase';
import { TonLegsNote, TonPayButton } from '../payments';

/** A ton:// link any wallet app opens with the order's receiver, amount and comment filled in. */
function tonTransferLink(payment: { receiver: string; amountNano: string; comment: string }): string {
  const { receiver, amountNano, comment } = payment;
  return new URL(`ton://transfer/${receiver}?amount=${amountNano}&text=${encodeURIComponent(comment)}`).toString();
}

interface PaymentStepProps {
  order: Order;
  phase: PurchasePhase;
  /** False when Telegram's Main Button carries the step's action instead of a page button. */
  showButton: boolean;
  onPayDemo: () => void;
  onCancel: () => void;
}

/**
 * The rail's step between "order reserved" and "paid": what the buyer has to do now, in the chosen rail's
 * unit (the invoice's Stars for Stars, also on the demo rail), with the Stars resale lock before paying.
 */
export function PaymentStep({ order, phase, showButton, onPayDemo, onCancel }: PaymentStepProps) {
  const payment = order.payment;
  const terms = useStarsTerms();
  const t = useT(ordersTexts);
  const format = useFormat();
  return (
    <div className="payment-step" data-testid="payment-step">
      {payment.kind === 'demo' ? (
        <>
          <p>{t('orders.demoNote')}</p>
          {showButton ? (
            <Button stretched size="l" loading={phase === 'paying'} onClick={onPayDemo}>
              <RichText
                text={t('orders.payDemo')}
                components={{ amount: <RailAmount method={order.paymentMethod} amount={order.amount} terms={terms} /> }}
              />
            </Button>
          ) : null}
        </>
      ) : payment.kind === 'ton' && (payment.messages?.length ?? 1) > 1 ? (
        // Several legs (the creator's or seller's share, the fee): one transfer by hand would pay only part.
        <>
          <TonLegsNote amount={tonText(format, order.amount)} />
          <TonPayButton payment={payment} />
        </>
      ) : payment.kind === 'ton' ? (
        <>
          <p>
            <RichText
              text={t('orders.payTon', { amount: tonText(format, order.amount) })}
              components={{
                b: <b />,
                receiver: <code>{payment.receiver}</code>,
                comment: <code>{payment.comment}</code>,
              }}
            />
          </p>
          <TonPayButton payment={payment} />
          <Button mode="plain" size="s" onClick={() => openExternalUrl(tonTransferLink(payment))}>
            {t('orders.openWallet')}
          </Button>
        </>
      ) : payment.kind === 'stripe' ? (
        <Button stretched size="l" onClick={() => openExternalUrl(payment.checkoutUrl)}>
          {t('orders.openCheckout')}
        </Button>
      ) : (
        <p>
          <RichText text={t('orders.payStars')} components={{ stars: <StarsAmount stars={payment.stars} /> }} />
        </p>
      )}
      {order.paymentMethod === 'stars' ? <StarsLockNote terms={terms} /> : null}
      {phase === 'confirming' ? <p className="muted">{t('orders.waiting')}</p> : null}
      <Button mode="plain" size="s" onClick={onCancel} disabled={phase === 'paying'}>
        {t('orders.cancel')}
      </Button>
    </div>
  );
}
