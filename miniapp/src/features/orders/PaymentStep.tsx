import { Button } from '@telegram-apps/telegram-ui';
import { CURRENCY, type Order } from '@stickerdrop/shared';
import { DEMO_PAYMENT_NOTE } from './payment-methods';
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

/** The rail's step between "order reserved" and "paid": what the buyer has to do now. */
export function PaymentStep({ order, phase, showButton, onPayDemo, onCancel }: PaymentStepProps) {
  const payment = order.payment;
  return (
    <div className="payment-step" data-testid="payment-step">
      {payment.kind === 'demo' ? (
        <>
          <p>{DEMO_PAYMENT_NOTE}</p>
          {showButton ? (
            <Button stretched size="l" loading={phase === 'paying'} onClick={onPayDemo}>
              Pay (demo) · {order.amount} {CURRENCY}
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
        <p>Complete the payment of {payment.stars} Stars in Telegram.</p>
      )}
      {phase === 'confirming' ? <p className="muted">Waiting for the payment to be confirmed…</p> : null}
      <Button mode="plain" size="s" onClick={onCancel} disabled={phase === 'paying'}>
        Cancel
      </Button>
    </div>
  );
}
