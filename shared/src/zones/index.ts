/**
 * Time-zone rules from one bundled dataset for the server and the browser alike (docs/architecture.md#time-zones):
 * every offset, wall clock and zone name the app shows or writes is read here, never from the runtime's Intl data.
 */
import { DateTime } from 'luxon';
import { zoneNamed } from './bundledZone.ts';

export { BundledZone, readableAbbreviation, zoneNamed } from './bundledZone.ts';
export { knownZoneNames, packedZoneData, periodAt, tzdataVersion, zoneRules, type ZoneRules } from './packedZones.ts';

/** Minutes `zone` is ahead of UTC at `ms` (NaN for a zone the data does not know). */
export const zoneOffsetMinutes = (ms: number, zone: string): number => zoneNamed(zone).offset(ms);

/** 'MDT', 'PDT', 'CEST', 'GMT+3': the zone's short name at `ms` (the zone's own name for one the data does not know). */
export const zoneAbbreviation = (ms: number, zone: string): string => zoneNamed(zone).offsetName(ms, { format: 'short' }) ?? zone;

/** A luxon DateTime of `ms` in `zone` (bundled rules), in English: to format a stop's wall clock. */
export const dateTimeIn = (ms: number, zone: string, locale = 'en-US'): DateTime => DateTime.fromMillis(ms, { zone: zoneNamed(zone), locale });
