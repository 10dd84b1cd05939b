import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_MARKET_FEE_BPS,
  MESSAGES,
  errorTextIn,
  formatTon,
  parsePrice,
  splitResalePrice,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { componentsTexts } from '../../components/messages';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/translate';
import { configQueries } from '../config/queries';
import { resaleTexts } from './messages';

/** What each party gets of the price the seller types: the API's own split, as a small table in TON. */
export function SplitTable({ price, royaltyBps }: { price: string; royaltyBps: number | undefined }) {
  const api = useApi();
  const config = useQuery(configQueries.detail(api));
  const feeBps = config.data?.marketFeeBps ?? DEFAULT_MARKET_FEE_BPS;
  const t = useT(resaleTexts);
  const tComponents = useT(componentsTexts);
  const format = useFormat();
  const ton = (nano: bigint) => format.ton(formatTon(nano));
  const percent = (bps: number) => format.number(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const nano = parsePrice(price);
  if (!price.trim()) return <p className="muted split-hint">{t('resale.split.enterPrice')}</p>;
  if (nano === null || royaltyBps === undefined) {
    return (
      <p className="split-hint" role="alert">
        {royaltyBps === undefined
          ? tComponents('components.loading')
          : errorTextIn(format.language, MESSAGES.priceInvalid)}
      </p>
    );
  }
  const split = splitResalePrice(nano, royaltyBps, feeBps);
  return (
    <table className="split-table" data-testid="split-table" aria-live="polite">
      <caption className="muted">{t('resale.split.caption')}</caption>
      <tbody>
        <tr>
          <th scope="row">{t('resale.split.buyerPays')}</th>
          <td>{ton(nano)}</td>
        </tr>
        <tr>
          <th scope="row">{t('resale.split.royalty', { percent: percent(royaltyBps) })}</th>
          <td>{ton(split.royalty)}</td>
        </tr>
        <tr>
          <th scope="row">{t('resale.split.fee', { percent: percent(feeBps) })}</th>
          <td>{ton(split.fee)}</td>
        </tr>
        <tr className="split-table__total">
          <th scope="row">{t('resale.split.youReceive')}</th>
          <td>{ton(split.seller)}</td>
        </tr>
      </tbody>
    </table>
  );
}
