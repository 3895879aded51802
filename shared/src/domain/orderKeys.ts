/** Ordering keys for the stop list: fractional indexes, so a move rewrites one key (docs/architecture.md#a-trip-changes-through-two-doors). */
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/** The library's digits; it reads any other character as a digit it is not, so such a key cannot be trusted. */
const BASE_62_KEY = /^[0-9A-Za-z]+$/;

export function keyBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

export function keysBetween(before: string | null, after: string | null, count: number): string[] {
  return generateNKeysBetween(before, after, count);
}

/**
 * Whether `value` is an order key fractional-indexing can place stops before and after. The library itself
 * judges (its head character fixes the integer part's length, a fraction may not end in 0, and so on): a key
 * it refuses would make every later add or move beside that stop throw.
 */
export function isOrderKey(value: unknown): value is string {
  if (typeof value !== 'string' || !BASE_62_KEY.test(value)) return false;
  try {
    generateKeyBetween(value, null);
    generateKeyBetween(null, value);
    return true;
  } catch {
    return false;
  }
}

export const FIRST_ORDER_KEY = keyBetween(null, null);
