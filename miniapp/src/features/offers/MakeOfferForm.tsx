import type { FormEvent } from 'react';
import { Button, Input } from '@telegram-apps/telegram-ui';
import { MIN_PRICE, OFFER_EXPIRY_HOURS, PRICE_STEP } from '@stickerdrop/shared';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { offersTexts } from './messages';
import { useFormFields } from '../../components/use-form-fields';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { offerFormProblem, type OfferFormValues } from './offer-form';
import type { OfferTarget } from './queries';
import { useOfferActions } from './use-offer-actions';

/** The price the field shows as an example, in the reader's digits. */
const MIN_PRICE_EXAMPLE = '1.00';

/** The bidder's price and how long the offer stands; checked here with the texts the API would answer. */
export function MakeOfferForm({ target, onClose }: { target: OfferTarget; onClose: () => void }) {
  const toast = useToast();
  const t = useT(offersTexts);
  const format = useFormat();
  const { make } = useOfferActions();
  const { values, field } = useFormFields<OfferFormValues>({
    price: '',
    expiresInHours: String(OFFER_EXPIRY_HOURS.default),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = offerFormProblem(values);
    if (problem) {
      haptics.error();
      toast.error(problem);
      return;
    }
    make.mutate(
      { target, price: values.price.trim(), expiresInHours: Number(values.expiresInHours) },
      { onSuccess: onClose },
    );
  };

  return (
    <form className="offer-form panel" aria-label={t('offers.form.label')} onSubmit={submit} noValidate>
      <Input
        {...field('price', t('offers.form.price'))}
        type="number"
        inputMode="decimal"
        min={MIN_PRICE}
        step={PRICE_STEP}
        placeholder={format.tonAmount(MIN_PRICE_EXAMPLE)}
      />
      <Input
        {...field('expiresInHours', t('offers.form.expires'))}
        type="number"
        inputMode="numeric"
        min={OFFER_EXPIRY_HOURS.min}
        max={OFFER_EXPIRY_HOURS.max}
        step={1}
      />
      <div className="offer-form__buttons">
        <Button type="submit" size="m" loading={make.isPending}>
          {t('offers.form.send')}
        </Button>
        <Button type="button" size="m" mode="plain" onClick={onClose}>
          {t('offers.form.cancel')}
        </Button>
      </div>
      <p className="muted offer-form__note">{t('offers.form.note')}</p>
    </form>
  );
}
