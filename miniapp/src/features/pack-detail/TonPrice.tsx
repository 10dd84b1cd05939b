import { useFormat } from '../../i18n/format';
import { RichText, useT } from '../../i18n/translate';
import { packDetailTexts } from './messages';

/** A price in TON as the box's headline: SPEC's "2.20 TON", the figure large; "2,20 TON" in Russian. */
export function TonPrice({ amount }: { amount: string }) {
  const t = useT(packDetailTexts);
  const format = useFormat();
  return (
    <div className="price-box__price">
      <RichText
        text={t('pack-detail.price', { amount: format.tonAmount(amount) })}
        components={{ amount: <span className="price-box__amount" /> }}
      />
    </div>
  );
}
