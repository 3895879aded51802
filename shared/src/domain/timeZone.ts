/**
 * The IANA time zone at a position, looked up offline (@photostructure/tz-lookup: a 72 kB table, no network),
 * so a stop's local times are right in the browser with no signal as on the server.
 */
import tzLookup from '@photostructure/tz-lookup';

/** The zone a stop's clock follows; null for a position that is not one (the schedule then uses the trip's). */
export function timeZoneAt(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}
