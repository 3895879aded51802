/**
 * Each person's unit for distances (docs/product.md#account): the one their account names, else their browser's
 * locale's (miles where the road signs are in miles: the United States, Liberia and Myanmar; kilometres elsewhere).
 */
import { formatDistance, type TAuthUser } from '@caravan/shared';
import { useSession } from './session.ts';

export type DistanceUnit = NonNullable<TAuthUser['distanceUnit']>;

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

export const browserDistanceUnit = (): DistanceUnit => localeDistanceUnit(typeof navigator === 'undefined' ? 'en' : navigator.language);

/** The signed-in person's unit; a page without a session (the share link) follows the browser. */
export function useDistanceUnit(): DistanceUnit {
  const session = useSession();
  return (session.status === 'authenticated' ? session.user.distanceUnit : null) ?? browserDistanceUnit();
}

const miles = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '1,234.5 km' or '767.1 mi'; 'N/A' when there is nothing to show. */
export function formatDistanceIn(km: number | null | undefined, unit: DistanceUnit): string {
  if (unit === 'km' || typeof km !== 'number' || !Number.isFinite(km) || km < 0) return formatDistance(km);
  return `${miles.format(km / KM_PER_MILE)} mi`;
}
