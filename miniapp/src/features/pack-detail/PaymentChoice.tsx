import type { PaymentMethod } from '@stickerdrop/shared';
import { haptics } from '../../telegram/haptics';
import { useT } from '../../i18n/translate';
import { ordersTexts } from '../orders/messages';
import { paymentLabels } from '../orders/payment-methods';
import { packDetailTexts } from './messages';

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
  const t = useT(packDetailTexts);
  const labels = paymentLabels(useT(ordersTexts));
  return (
    <fieldset className="payment-choice" disabled={disabled}>
      <legend>{t('pack-detail.paymentMethod')}</legend>
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
          {labels[choice]}
        </label>
      ))}
    </fieldset>
  );
}
