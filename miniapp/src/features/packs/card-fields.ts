import type { CardPack } from './PackCard';

/** SPEC §2: counters show 0 when missing. */
export function counter(value: number | null | undefined): number {
  return value ?? 0;
}

/** SPEC §2: the creator's name, else the fallback (SPEC's Creator, in the reader's language). */
export function creatorName(pack: Pick<CardPack, 'creator'>, fallback: string): string {
  return pack.creator?.name?.trim() || fallback;
}

/** SPEC §2: purchasePrice instead of price when the card shows purchase info. */
export function cardPrice(pack: Pick<CardPack, 'price' | 'purchasePrice'>, showPurchaseInfo: boolean): string {
  return (showPurchaseInfo ? pack.purchasePrice : undefined) ?? pack.price ?? '0.00';
}
