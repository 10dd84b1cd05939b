export interface Supply {
  maxSupply: number;
  soldCount: number;
}

/** Editions still for sale (SPEC §9): never negative, even if a pack was over-reported. */
export function remainingSupply(pack: Supply): number {
  return Math.max(0, pack.maxSupply - pack.soldCount);
}

export function isSoldOut(pack: Supply): boolean {
  return pack.soldCount >= pack.maxSupply;
}

/** A pack card says how many are left once this few remain. */
export const FEW_LEFT_THRESHOLD = 10;
