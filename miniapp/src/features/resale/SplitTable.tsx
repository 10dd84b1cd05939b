import { useQuery } from '@tanstack/react-query';
import {
  CURRENCY,
  DEFAULT_MARKET_FEE_BPS,
  MESSAGES,
  formatTon,
  parsePrice,
  splitResalePrice,
} from '@stickerdrop/shared';
import { useApi } from '../../api/ApiProvider';
import { configQueries } from '../config/queries';

const ton = (nano: bigint) => `${formatTon(nano)} ${CURRENCY}`;
const percent = (bps: number) => `${bps / 100}%`;

/** What each party gets of the price the seller types: the API's own split, as a small table in TON. */
export function SplitTable({ price, royaltyBps }: { price: string; royaltyBps: number | undefined }) {
  const api = useApi();
  const config = useQuery(configQueries.detail(api));
  const feeBps = config.data?.marketFeeBps ?? DEFAULT_MARKET_FEE_BPS;
  const nano = parsePrice(price);
  if (!price.trim()) return <p className="muted split-hint">Enter a price to see your share.</p>;
  if (nano === null || royaltyBps === undefined) {
    return (
      <p className="split-hint" role="alert">
        {royaltyBps === undefined ? MESSAGES.loading : MESSAGES.priceInvalid}
      </p>
    );
  }
  const split = splitResalePrice(nano, royaltyBps, feeBps);
  return (
    <table className="split-table" data-testid="split-table" aria-live="polite">
      <caption className="muted">Where the buyer's payment goes</caption>
      <tbody>
        <tr>
          <th scope="row">Buyer pays</th>
          <td>{ton(nano)}</td>
        </tr>
        <tr>
          <th scope="row">Creator royalty ({percent(royaltyBps)})</th>
          <td>{ton(split.royalty)}</td>
        </tr>
        <tr>
          <th scope="row">Marketplace fee ({percent(feeBps)})</th>
          <td>{ton(split.fee)}</td>
        </tr>
        <tr className="split-table__total">
          <th scope="row">You receive</th>
          <td>{ton(split.seller)}</td>
        </tr>
      </tbody>
    </table>
  );
}
