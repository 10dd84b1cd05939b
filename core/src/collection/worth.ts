import { formatTon, parseTon, type CollectionItem, type CollectionWorth, type PackCard } from '@stickerdrop/shared';

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

/** The collection's sums; an edition without a value counts in what was paid and in `unpriced` only. */
export function collectionWorth(items: readonly Pick<CollectionItem, 'value' | 'purchasePrice'>[]): CollectionWorth {
  let value = 0n;
  let paid = 0n;
  let paidForPriced = 0n;
  for (const item of items) {
    const price = parseTon(item.purchasePrice)!;
    paid += price;
    if (item.value === null) continue;
    value += parseTon(item.value)!;
    paidForPriced += price;
  }
  return {
    editions: items.length,
    value: formatTon(value),
    paid: formatTon(paid),
    gain: formatTon(value - paidForPriced),
    unpriced: items.filter((item) => item.value === null).length,
  };
}
