import { NANO_PER_TON } from '@stickerdrop/shared';

/**
 * A pack's TON price on the other rails. Integer arithmetic only (bigint), and always rounded up: a
 * conversion never charges less than the TON price is worth at the configured rate.
 */

/** Stripe refuses card charges below 50 cents (USD). */
export const STRIPE_MIN_USD_CENTS = 50n;

/** Parses a decimal rate ("5", "2.75") into an exact fraction. */
function decimalFraction(rate: string): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new Error(`Not a decimal rate: ${rate}`);
  const fraction = match[2] ?? '';
  return { numerator: BigInt(`${match[1]}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** US cents for `amountNano` at `usdPerTon` (TON_USD_RATE), rounded up to the next cent. */
export function usdCents(amountNano: bigint, usdPerTon: string): bigint {
  const { numerator, denominator } = decimalFraction(usdPerTon);
  return ceilDiv(amountNano * numerator * 100n, NANO_PER_TON * denominator);
}

/** Stars are priced in shared: the buy screen shows the number the invoice will charge. */
export { starsFor } from '@stickerdrop/shared';
