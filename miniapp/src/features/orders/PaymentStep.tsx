import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, type Order } from '@stickerdrop/shared';
import { DEMO_PAYMENT_NOTE } from './payment-methods';
import { RailAmount, StarsAmount } from './StarsAmount';
import { StarsLockNote } from './StarsLockNote';
import { useStarsTerms } from './use-stars-terms';
import { openExternalUrl } from '../../telegram/links';
import type { PurchasePhase } from './use-purchase';
import { TonPayButton } from '../payments';

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
  return (
    <div className="payment-step" data-testid="payment-step">
      {payment.kind === 'demo' ? (
        <>
          <p>{DEMO_PAYMENT_NOTE}</p>
          {showButton ? (
            <Button stretched size="l" loading={phase === 'paying'} onClick={onPayDemo}>
              Pay (demo) · <RailAmount method={order.paymentMethod} amount={order.amount} terms={terms} />
            </Button>
          ) : null}
        </>
      ) : payment.kind === 'ton' ? (
        <>
          <p>
            Send{' '}
            <b>
              {order.amount} {CURRENCY}
            </b>{' '}
            to <code>{payment.receiver}</code> with the comment <code>{payment.comment}</code>.
          </p>
          <TonPayButton payment={payment} />
          <Button
            mode="plain"
            size="s"
            onClick={() =>
              openExternalUrl(
                `ton://transfer/${payment.receiver}?amount=${payment.amountNano}&text=${encodeURIComponent(payment.comment)}`,
              )
            }
          >
            Open a wallet app instead
          </Button>
        </>
      ) : payment.kind === 'stripe' ? (
        <Button stretched size="l" onClick={() => openExternalUrl(payment.checkoutUrl)}>
          Open card checkout
        </Button>
      ) : (
        <p>
          Complete the payment of <StarsAmount stars={payment.stars} /> in Telegram.
        </p>
      )}
      {order.paymentMethod === 'stars' ? <StarsLockNote terms={terms} /> : null}
      {phase === 'confirming' ? <p className="muted">Waiting for the payment to be confirmed…</p> : null}
      <Button mode="plain" size="s" onClick={onCancel} disabled={phase === 'paying'}>
        Cancel
      </Button>
    </div>
  );
}
