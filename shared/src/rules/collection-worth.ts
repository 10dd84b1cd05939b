import { formatTon, parseTon } from '../money.js';
import type { CollectionItem, CollectionWorth } from '../schemas/index.js';

/**
 * The collection's sums, exact in nanotons; an edition without a value counts in what was paid and in
 * `unpriced` only. The API answers `/api/collection/worth` with it and the collection screen sums its list
 * with it, so the two never disagree.
 */
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
