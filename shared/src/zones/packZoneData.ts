/**
 * Makes the bundled zone data (tzdata.json) from moment-timezone's: its tz release cut to the years a trip can be
 * in (1970 through 2100; the full data runs to 2499), zones with the same clocks over those years made links of one
 * another, by moment-timezone's own tools (filterLinkPack): a quarter of the full data's size (15 kB gzipped, not
 * 34), the same clocks over those years. `npm run zones:update` writes the file; a test holds it equal to what the
 * installed moment-timezone gives, so updating the package without the file fails. Not for the app: it loads all of
 * moment.
 */
import moment from 'moment-timezone';
import 'moment-timezone/moment-timezone-utils';
import latest from 'moment-timezone/data/packed/latest.json';

export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2100;

export interface PackedZoneData {
  version: string;
  zones: string[];
  links: string[];
}

export function packZoneData(): PackedZoneData {
  const unpacked = { version: latest.version, zones: latest.zones.map((zone) => moment.tz.unpack(zone)), links: latest.links };
  const { version, zones, links } = moment.tz.filterLinkPack(unpacked, FIRST_YEAR, LAST_YEAR);
  return { version, zones, links };
}
