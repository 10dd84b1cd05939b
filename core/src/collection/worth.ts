import { formatTon, parseTon, type CollectionItem, type PackCard } from '@stickerdrop/shared';

type Priced = Pick<PackCard, 'floorPrice' | 'price' | 'soldCount' | 'maxSupply'>;

/**
 * What one edition is worth today, in nanotons: what a buyer pays for one now, the resale floor first, else
 * a new edition while any remain; null when neither can be bought.
 */
export function editionValueNano(card: Priced): bigint | null {
  if (card.floorPrice !== null) return parseTon(card.floorPrice);
  return card.soldCount < card.maxSupply ? parseTon(card.price) : null;
}

/** An edition's value and its gain over what the owner paid, as the wire writes them. */
export function editionWorth(card: Priced, paidNano: bigint): Pick<CollectionItem, 'value' | 'gain'> {
  const value = editionValueNano(card);
  return value === null ? { value: null, gain: null } : { value: formatTon(value), gain: formatTon(value - paidNano) };
}
