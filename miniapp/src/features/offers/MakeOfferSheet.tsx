import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal } from '@telegram-apps/telegram-ui';
import { MIN_PRICE, OFFER_EXPIRY_HOURS, PRICE_STEP } from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { useFormFields } from '../../components/use-form-fields';
import { haptics } from '../../telegram/haptics';
import { useMainButton } from '../../telegram/use-main-button';
import { useToast } from '../../toast/ToastProvider';
import { packQueries } from '../packs/queries';
import { offersTexts } from './messages';
import { offerFormProblem, type OfferFormValues } from './offer-form';
import type { OfferTarget } from './queries';
import { useOfferActions } from './use-offer-actions';
import { SheetHeader } from '../../components/SheetHeader';

/** The price the field shows as an example, in the reader's digits. */
const MIN_PRICE_EXAMPLE = '1.00';

/**
 * The bidder's price and how long the offer stands, in a bottom sheet as selling is (a form opened in the
 * page could unfold under the tab bar, out of sight); inside Telegram its Main Button sends it. Checked
 * here with the texts the API would answer. Mount it only while open: each opening starts empty.
 */
export function MakeOfferSheet({ packId, target, onClose }: { packId: number; target: OfferTarget; onClose(): void }) {
  const api = useApi();
  const toast = useToast();
  const t = useT(offersTexts);
  const format = useFormat();
  const pack = useQuery(packQueries.detail(api, packId));
  const { make } = useOfferActions();
  const { values, field } = useFormFields<OfferFormValues>({
    price: '',
    expiresInHours: String(OFFER_EXPIRY_HOURS.default),
  });
  const send = () => {
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
  const native = useMainButton({
    text: t('offers.form.send'),
    visible: true,
    enabled: true,
    loading: make.isPending,
    onClick: send,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const title = t('offers.form.label');

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      className="offer-sheet"
      aria-label={title}
      header={<SheetHeader title={pack.data?.title ?? ''} />}
    >
      <form className="offer-sheet__body" aria-label={title} onSubmit={submit} noValidate>
        <h2 className="offer-sheet__title">{title}</h2>
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
        <p className="muted offer-sheet__note">{t('offers.form.note')}</p>
        {native ? null : (
          <Button type="submit" size="l" stretched loading={make.isPending}>
            {t('offers.form.send')}
          </Button>
        )}
        <Button type="button" size="m" mode="plain" stretched onClick={onClose}>
          {t('offers.form.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
