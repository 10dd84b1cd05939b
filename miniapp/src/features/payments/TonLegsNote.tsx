import { RichText, useT } from '../../i18n/translate';
import { paymentsTexts } from './messages';

/**
 * What a TON payment of several transfers asks of the buyer: only their wallet can send them together, so
 * the page names no single address to pay by hand.
 */
export function TonLegsNote({ amount }: { amount: string }) {
  const t = useT(paymentsTexts);
  return (
    <p>
      <RichText text={t('payments.payTonLegs', { amount })} components={{ b: <b /> }} />
    </p>
  );
}
