/**
 * TON amounts are exact: nanotons as bigint in code and storage, decimal strings on the wire.
 * Floating point never touches money.
 */
export const NANO_PER_TON = 1_000_000_000n;
const AMOUNT_PATTERN = /^(\d{1,12})(?:\.(\d{1,9}))?$/;

/** Parses "1", "1.5", "0.01" into nanotons; null when the text is not a plain non-negative decimal. */
export function parseTon(text: string): bigint | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(9, '0'));
  return whole * NANO_PER_TON + fraction;
}

/** Formats nanotons as a decimal string with at least two decimals: 1500000000n → "1.50". */
export function formatTon(nano: bigint): string {
  const negative = nano < 0n;
  const abs = negative ? -nano : nano;
  const whole = abs / NANO_PER_TON;
  const fraction = (abs % NANO_PER_TON).toString().padStart(9, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Decimal places the text carries, for the 0.01 step rule. */
export function decimalPlaces(text: string): number {
  const dot = text.trim().indexOf('.');
  return dot === -1 ? 0 : text.trim().length - dot - 1;
}

/**
 * A whole number with its thousands grouped, as en-US writes it: 10000 → "10,000". Without Intl, whose
 * first use costs ~40 ms: texts built when a bundle loads (messages.ts) would pay it before the first render.
 */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Compact display for large figures on stat tiles: 89500 → "89.5K". */
export function formatCompact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

const CENT_NANO = 10_000_000n;

/** Nanotons rounded half up to exactly two decimals, for display: 1668846154n → "1.67". */
export function formatTonCents(nano: bigint): string {
  const cents = (nano + CENT_NANO / 2n) / CENT_NANO;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * Telegram Stars for `amountNano` at `starsPerTon` (STARS_PER_TON), rounded up, at least one Star. The
 * Stars invoice is priced with this, and the buy screen shows the same number before the invoice opens.
 */
export function starsFor(amountNano: bigint, starsPerTon: number): number {
  const stars = (amountNano * BigInt(starsPerTon) + NANO_PER_TON - 1n) / NANO_PER_TON;
  return Number(stars > 0n ? stars : 1n);
}
