/**
 * How a resale price is shared, in nanotons: the creator's royalty and the marketplace fee are rounded
 * down, and the seller gets the rest, so the three always add up to the price exactly. The API splits
 * the payment with this, and the mini-app shows the same figures while the seller types.
 */
export const DEFAULT_ROYALTY_BPS = 500;
export const MAX_ROYALTY_BPS = 1000;
export const DEFAULT_MARKET_FEE_BPS = 250;
const BPS_DENOMINATOR = 10_000n;

export interface ResaleSplit {
  seller: bigint;
  royalty: bigint;
  fee: bigint;
}

export function splitResalePrice(price: bigint, royaltyBps: number, feeBps: number): ResaleSplit {
  if (price < 0n) throw new RangeError('A price cannot be negative');
  const royalty = (price * BigInt(royaltyBps)) / BPS_DENOMINATOR;
  const fee = (price * BigInt(feeBps)) / BPS_DENOMINATOR;
  return { seller: price - royalty - fee, royalty, fee };
}

/** "5" or "2.5" (percent, at most two decimals) → 500 or 250 basis points; null outside 0–10 %. */
export function royaltyBpsOfPercent(percent: string): number | null {
  const text = percent.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const bps = Math.round(Number(text) * 100);
  return bps <= MAX_ROYALTY_BPS ? bps : null;
}

/** The texts of the resale contract. */
export const RESALE_ERRORS = {
  walletRequired: 'Link a TON wallet to receive payments',
  beingBought: 'This edition is being bought right now',
  noLongerForSale: 'This edition is no longer for sale',
  ownEdition: 'You cannot buy your own edition',
  tonOnly: 'Resale is paid in TON',
  editionNotFound: 'Edition not found',
  notOwner: 'You do not own this edition',
  notListed: 'This edition is not listed',
  invalidRoyalty: `Creator royalty must be from 0 to ${MAX_ROYALTY_BPS / 100} % (${MAX_ROYALTY_BPS} basis points)`,
} as const;
