/**
 * Converting an amount to the trip's home currency at a rate people enter as decimal text ("1.0842": one unit
 * of the expense's currency is that many of the home currency), with integers only: the rate becomes an
 * integer and a scale, and the result is rounded half-to-even to the home currency's minor unit.
 */
import { convert, dinero, halfEven, toSnapshot, transformScale } from 'dinero.js/bigint';
import { currencyOf } from './currencies.ts';

/** A trillion minor units: beyond any trip, and well inside exact integers. */
export const AMOUNT_MAX = 1_000_000_000_000;

/** Up to 9 digits before and 8 after the point, above zero. */
export const RATE_PATTERN = /^(?!0+(?:\.0*)?$)\d{1,9}(?:\.\d{1,8})?$/;
export const isRate = (text: string) => RATE_PATTERN.test(text);

/**
 * `amount` of `currency` in the home currency's minor units; null past AMOUNT_MAX, which the entry's own
 * amount may not exceed either, so sums over a trip's entries stay exact integers.
 */
export function toHomeMinor(amount: number, currency: string, rate: string, home: string): number | null {
  if (currency === home) return amount;
  const [whole, fraction = ''] = rate.split('.');
  const scaled = { amount: BigInt(whole + fraction), scale: BigInt(fraction.length) };
  const converted = convert(dinero({ amount: BigInt(amount), currency: currencyOf(currency) }), currencyOf(home), { [home]: scaled });
  const result = toSnapshot(transformScale(converted, currencyOf(home).exponent, halfEven)).amount;
  return result <= BigInt(AMOUNT_MAX) ? Number(result) : null;
}
