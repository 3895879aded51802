/**
 * "Already in the trip", the one rule for Import places' preview and for search results: a
 * place the trip seems to have already. Kept simple so a user can predict it: a stop with a position
 * (hasPosition) lies within 50 m of the place AND their names are similar. Names are similar when, after normaliseName (case, accents, punctuation set aside),
 *   - they are equal, or
 *   - one holds the other as whole words ("Eiffel Tower" and "Eiffel Tower, Paris"), or
 *   - their letter pairs mostly agree (Sørensen–Dice over character bigrams ≥ 0.7: "Golden Gate Bridge"
 *     and "Golden Gate Brdge", a typo or a different abbreviation).
 * Two places 50 m apart with unrelated names (two shops in one mall) are both kept.
 */
import { haversineKm, type LatLng } from './distance.ts';
import { normaliseName } from './placeNames.ts';
import { hasPosition } from './position.ts';

export const DUPLICATE_MAX_DISTANCE_M = 50;
export const DUPLICATE_MIN_NAME_SIMILARITY = 0.7;

export interface NamedPosition extends LatLng {
  name: string;
}

/** A stop as the rule reads it: one added by hand may have no position, and then it duplicates nothing. */
export interface NamedStop {
  name: string;
  latitude?: number | null;
  longitude?: number | null;
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const compact = text.replace(/ /g, '');
  for (let at = 0; at + 2 <= compact.length; at++) {
    const pair = compact.slice(at, at + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** Sørensen–Dice coefficient of two texts' character bigrams: 1 for the same letters in the same pairs, 0 for none shared. */
export function nameSimilarity(a: string, b: string): number {
  const left = bigrams(a);
  const right = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const count of left.values()) total += count;
  for (const [pair, count] of right) {
    total += count;
    shared += Math.min(count, left.get(pair) ?? 0);
  }
  return total === 0 ? (a === b ? 1 : 0) : (2 * shared) / total;
}

export function similarNames(a: string, b: string): boolean {
  const left = normaliseName(a);
  const right = normaliseName(b);
  if (left === right) return true;
  if (!left || !right) return false;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (` ${longer} `.includes(` ${shorter} `)) return true;
  return nameSimilarity(left, right) >= DUPLICATE_MIN_NAME_SIMILARITY;
}

/** The first stop that `place` duplicates by the rule above, or null. */
export function findDuplicateStop<S extends NamedStop>(place: NamedPosition, stops: readonly S[]): S | null {
  for (const stop of stops) {
    if (!hasPosition(stop)) continue;
    const position = { latitude: stop.latitude as number, longitude: stop.longitude as number };
    if (haversineKm(place, position) * 1000 <= DUPLICATE_MAX_DISTANCE_M && similarNames(place.name, stop.name)) return stop;
  }
  return null;
}
