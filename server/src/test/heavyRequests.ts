/**
 * Heavy requests, for the worker pool's tests and bench:abuse: a KMZ whose small zip inflates to tens of MB of
 * legal placemarks (a zip bomb that a size check on the upload cannot see), and a trip of a thousand stops
 * scattered over the contiguous United States (what "Optimise route" works hardest on).
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { addStop } from '@caravan/shared';
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

/** Adds `count` stops at random places in the contiguous United States (seeded) through the trip's document. */
export async function addScatteredStops(deps: Pick<AppDeps, 'tripDocs'>, trip: Trip, count: number, seed = 1): Promise<void> {
  const random = seededRandom(seed);
  await deps.tripDocs.write(trip.id, serverOrigin(trip.ownerId), ({ doc, transact }) =>
    transact(() => {
      for (let index = 0; index < count; index++) {
        addStop(doc, randomUUID(), { name: `Stop ${index + 1}`, latitude: 30 + random() * 18, longitude: -122 + random() * 50 });
      }
    }),
  );
}
