/**
 * moment-timezone with the app's bundled zone data loaded (shared/src/zones/tzdata.json, not the package's own copy),
 * for ical-generator: it writes a moment-timezone time's wall clock under the event's TZID as it is, where a luxon
 * time would be set to the zone's name again and read by the runtime's Intl data.
 */
import moment from 'moment-timezone/moment-timezone.js';
import { packedZoneData } from '@caravan/shared';

moment.tz.load(packedZoneData);

/** `ms` in `zone`, by the bundled rules. */
export const momentIn = (ms: number, zone: string) => moment.tz(ms, zone);
