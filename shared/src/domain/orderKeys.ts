/** Ordering keys for the stop list: fractional indexes, so a move rewrites one key (ARCHITECTURE). */
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

export function keyBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

export function keysBetween(before: string | null, after: string | null, count: number): string[] {
  return generateNKeysBetween(before, after, count);
}

export const FIRST_ORDER_KEY = keyBetween(null, null);
