/**
 * Each person's unit for distances (docs/product.md#account): the one their account names, else their browser's
 * locale's. The rule and the formatting are shared with the server's exports (shared/src/domain/distanceUnits.ts).
 */
import { localeDistanceUnit, type TAuthUser } from '@caravan/shared';
import { useSession } from './session.ts';

export { formatDistanceIn, KM_PER_MILE, localeDistanceUnit } from '@caravan/shared';

export type DistanceUnit = NonNullable<TAuthUser['distanceUnit']>;

export const browserDistanceUnit = (): DistanceUnit => localeDistanceUnit(typeof navigator === 'undefined' ? 'en' : navigator.language);

/** The signed-in person's unit; a page without a session (the share link) follows the browser. */
export function useDistanceUnit(): DistanceUnit {
  const session = useSession();
  return (session.status === 'authenticated' ? session.user.distanceUnit : null) ?? browserDistanceUnit();
}
