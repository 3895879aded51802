/**
 * Heavy requests, for the worker pool's tests and bench:abuse: a KMZ whose small zip inflates to tens of MB of
 * legal placemarks (a zip bomb that a size check on the upload cannot see), and a trip of a thousand stops
 * scattered over the contiguous United States (what "Optimise route" works hardest on), with a start date and
 * unusual opening hours for every stop when asked (what every export's schedule and "Plan my days" work hardest on).
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { addStop, metaMap, stopsMap } from '@caravan/shared';
import { serverOrigin, type Trip } from '@caravan/engine';
import { seededRandom } from '@caravan/engine/test';
import type { AppDeps } from '../types.ts';

/** Distinct placemarks in the bomb; they repeat, which is what makes it compress to a few hundred kB. */
const BOMB_CYCLE = 64;

/** A KMZ whose doc.kml is about `kmlBytes` of ordinary placemarks (names and points repeating every BOMB_CYCLE). */
export function placemarkBombKmz(kmlBytes = 48 * 1024 * 1024): Uint8Array {
  const cycle = Array.from(
    { length: BOMB_CYCLE },
    (_, index) =>
      `<Placemark><name>Saved place ${index + 1}</name><description>Found on the map</description>` +
      `<Point><coordinates>${(-120 + index / 10).toFixed(4)},${(35 + index / 20).toFixed(4)},0</coordinates></Point></Placemark>\n`,
  ).join('');
  const kml = `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n${cycle.repeat(Math.ceil(kmlBytes / cycle.length))}</Document></kml>\n`;
  return zipSync({ 'doc.kml': strToU8(kml) });
}

/**
 * Opening hours of the `index`th stop: a short window at a different time most days, so texts differ from stop to
 * stop and many orders reach a closed door.
 */
export const unusualOpeningHours = (index: number) =>
  `Mo-Sa 0${index % 10}:${String(index % 60).padStart(2, '0')}-1${index % 10}:${String((index * 7) % 60).padStart(2, '0')}; Su off`;

/**
 * Adds `count` stops at random places in the contiguous United States (seeded) through the trip's document;
 * `withHours`: each with its unusual opening hours and an hour's stay, the trip starting on a set date (so it is timed).
 */
export async function addScatteredStops(deps: Pick<AppDeps, 'tripDocs'>, trip: Trip, count: number, seed = 1, withHours = false): Promise<void> {
  const random = seededRandom(seed);
  await deps.tripDocs.write(trip.id, serverOrigin(trip.ownerId), ({ doc, transact }) =>
    transact(() => {
      if (withHours) metaMap(doc).set('startDate', '2026-06-01');
      for (let index = 0; index < count; index++) {
        const id = randomUUID();
        addStop(doc, id, { name: `Stop ${index + 1}`, latitude: 30 + random() * 18, longitude: -122 + random() * 50 });
        if (!withHours) continue;
        const stop = stopsMap(doc).get(id)!;
        stop.set('openingHours', unusualOpeningHours(index));
        stop.set('stayMinutes', 60);
      }
    }),
  );
}
