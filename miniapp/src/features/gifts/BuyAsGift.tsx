import { useT } from '../../i18n/translate';
import { giftsTexts } from './messages';
import './gifts.css';

/** "Buy as a gift" beside Buy: once paid, the edition waits as the buyer's gift with a link to send. */
export function BuyAsGift({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  const t = useT(giftsTexts);
  return (
    <label className="gift-form__check buy-as-gift">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="buy-as-gift__text">
        <span>{t('gifts.buyAsGift')}</span>
        <small className="muted">{t('gifts.buyAsGiftHint')}</small>
      </span>
    </label>
  );
}
