/** Where the range runs out, in words every reader prints alike (the page, the PDF, itinerary.txt), in the reader's unit. */
import type { DistanceUnit } from '../contracts/distanceUnit.ts';
import { KM_PER_MILE } from '../domain/distanceUnits.ts';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '40 km' or '25 mi': a range is not known to the tenth. */
export function formatRangeDistance(km: number, unit: DistanceUnit): string {
  return unit === 'mi' ? `${whole.format(km / KM_PER_MILE)} mi` : `${whole.format(km)} km`;
}

/** 'Range runs out 40 km after Eureka'. */
export function rangeRunsOutText(kmAfter: number, afterName: string, unit: DistanceUnit): string {
  return `Range runs out ${formatRangeDistance(kmAfter, unit)} after ${afterName}`;
}

/** '85 km from Eureka': how far along the stretch from its last fill a station offered for a run-out lies. */
export function stationAlongText(alongKm: number, fromName: string, unit: DistanceUnit): string {
  return `${formatRangeDistance(alongKm, unit)} from ${fromName}`;
}
