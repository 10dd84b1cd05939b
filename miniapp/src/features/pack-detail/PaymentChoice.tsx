import type { PaymentMethod } from '@stickerdrop/shared';
import { haptics } from '../../telegram/haptics';
import { PAYMENT_LABELS } from '../orders/payment-methods';

/** The rails on offer as chips (one radio group); the picked one is highlighted. */
export function PaymentChoice({
  choices,
  method,
  disabled,
  onPick,
}: {
  choices: PaymentMethod[];
  method: PaymentMethod;
  disabled: boolean;
  onPick(method: PaymentMethod): void;
}) {
  return (
    <fieldset className="payment-choice" disabled={disabled}>
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
              onPick(choice);
            }}
          />
          {PAYMENT_LABELS[choice]}
        </label>
      ))}
    </fieldset>
  );
}
