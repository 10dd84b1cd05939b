import type { FormEvent } from 'react';
import { Button, Input } from '@telegram-apps/telegram-ui';
import { CURRENCY, MIN_PRICE, OFFER_EXPIRY_HOURS, PRICE_STEP } from '@stickerdrop/shared';
import { useFormFields } from '../../components/use-form-fields';
import { haptics } from '../../telegram/haptics';
import { useToast } from '../../toast/ToastProvider';
import { offerFormProblem, type OfferFormValues } from './offer-form';
import type { OfferTarget } from './queries';
import { useOfferActions } from './use-offer-actions';

/** The bidder's price and how long the offer stands; checked here with the texts the API would answer. */
export function MakeOfferForm({ target, onClose }: { target: OfferTarget; onClose: () => void }) {
  const toast = useToast();
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
    <form className="offer-form panel" aria-label="Make an offer" onSubmit={submit} noValidate>
      <Input
        {...field('price', `Your offer (${CURRENCY})`)}
        type="number"
        inputMode="decimal"
        min={MIN_PRICE}
        step={PRICE_STEP}
        placeholder="1.00"
      />
      <Input
        {...field('expiresInHours', 'Expires in (hours)')}
        type="number"
        inputMode="numeric"
        min={OFFER_EXPIRY_HOURS.min}
        max={OFFER_EXPIRY_HOURS.max}
        step={1}
      />
      <div className="offer-form__buttons">
        <Button type="submit" size="m" loading={make.isPending}>
          Send offer
        </Button>
        <Button type="button" size="m" mode="plain" onClick={onClose}>
          Cancel
        </Button>
      </div>
      <p className="muted offer-form__note">No money moves now: you pay only if the owner accepts.</p>
    </form>
  );
}
