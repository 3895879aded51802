/**
 * The Overpass QL query for one piece of the corridor: every asked category within `radiusMeters` of the piece's
 * line (`around` over a polyline: lat1,lon1,lat2,lon2,…), one statement per tag key, in one request.
 */
import type { CorridorCategory, LatLng } from '@caravan/shared';
import { CATEGORY_TAGS } from './corridorTags.ts';

/** Overpass's own time limit for a piece (s); a piece's request waits a little longer. */
export const CORRIDOR_QUERY_TIMEOUT_S = 25;
/** Elements one piece answers at most: a long piece through a city's restaurants stays a bounded answer. */
export const CORRIDOR_PIECE_RESULT_LIMIT = 5000;

const coordinate = (value: number) => Number(value.toFixed(5));

export function corridorQuery(points: readonly LatLng[], categories: readonly CorridorCategory[], radiusMeters: number): string {
  const line = points.map(({ latitude, longitude }) => `${coordinate(latitude)},${coordinate(longitude)}`).join(',');
  const valuesByKey = new Map<string, string[]>();
  for (const category of categories) {
    const [key, values] = CATEGORY_TAGS[category];
    valuesByKey.set(key, [...(valuesByKey.get(key) ?? []), ...values]);
  }
  const statements = [...valuesByKey].map(([key, values]) => `  nwr["${key}"~"^(${values.join('|')})$"](around:${radiusMeters},${line});`);
  return [`[out:json][timeout:${CORRIDOR_QUERY_TIMEOUT_S}];`, '(', ...statements, ');', `out center ${CORRIDOR_PIECE_RESULT_LIMIT};`].join('\n');
}
