import { EditionPage } from '../resale/EditionPage';
import { EditionBuyBox } from './EditionBuyBox';

/**
 * `#/edition?id=`: the resale feature's page with the buy box filled in here, where buying lives (orders
 * already depends on resale, so resale cannot reach back into orders).
 */
export function EditionRoute() {
  return <EditionPage buy={(edition) => <EditionBuyBox edition={edition} />} />;
}
