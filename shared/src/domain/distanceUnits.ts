/**
 * Distances in each person's unit (docs/product.md#account): the one their account names, else their locale's
 * (miles where the road signs are in miles: the United States, Liberia and Myanmar; kilometres elsewhere). The web
 * app and the server's exports write them alike.
 */
import type { DistanceUnit } from '../contracts/distanceUnit.ts';
import { formatDistance } from './stats.ts';

const MILE_REGIONS = new Set(['US', 'LR', 'MM']);
export const KM_PER_MILE = 1.609344;

/** The unit a locale such as 'en-US' or 'my' reads distances in (its likely region when it names none). */
export function localeDistanceUnit(locale: string): DistanceUnit {
  try {
    return MILE_REGIONS.has(new Intl.Locale(locale).maximize().region ?? '') ? 'mi' : 'km';
  } catch {
    return 'km';
  }
}

const miles = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '1,234.5 km' or '767.1 mi'; 'N/A' when there is nothing to show. */
export function formatDistanceIn(km: number | null | undefined, unit: DistanceUnit): string {
  if (unit === 'km' || typeof km !== 'number' || !Number.isFinite(km) || km < 0) return formatDistance(km);
  return `${miles.format(km / KM_PER_MILE)} mi`;
}
