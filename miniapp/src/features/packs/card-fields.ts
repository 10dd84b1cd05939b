import type { CardPack } from './PackCard';

/** SPEC §2: counters show 0 when missing. */
export function counter(value: number | null | undefined): number {
  return value ?? 0;
}

/** SPEC §2: the creator's name, fallback Creator. */
export function creatorName(pack: Pick<CardPack, 'creator'>): string {
  return pack.creator?.name?.trim() || 'Creator';
}

/** SPEC §2: purchasePrice instead of price when the card shows purchase info. */
export function cardPrice(pack: Pick<CardPack, 'price' | 'purchasePrice'>, showPurchaseInfo: boolean): string {
  return (showPurchaseInfo ? pack.purchasePrice : undefined) ?? pack.price ?? '0.00';
}
