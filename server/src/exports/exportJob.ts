/**
 * An export as the worker pool builds it (server/src/heavyWork/): the trip's document as stored, read on the request
 * loop as bytes, and everything else in the thread — decoding it, the schedule of every stop (opening hours, zones),
 * the route and the file. Plain data in and out: only that crosses between threads.
 */
import { costsOverview, messages, readMoney, type DistanceUnit, type ExportFormat, type TTripWeatherResponse } from '@caravan/shared';
import type { TripDocHub } from '@caravan/engine';
import { tripDocOf, TripDocMissingError } from '@caravan/engine/tasks';
import { exportCostsOf } from './exportCosts.ts';
import { exportFile } from './exportFormats.ts';
import { exportSourceOf, exportTripOf, type ExportTrip } from './exportTrip.ts';

export interface ExportJob {
  trip: Pick<ExportTrip, 'id' | 'title' | 'description'>;
  /** The trip's document as stored (engine/src/tripDocs/storedUpdates.ts). */
  updates: Uint8Array[];
  format: ExportFormat;
  /** The reader's unit for distances; km when unset (the calendar feed has no reader). */
  distanceUnit?: DistanceUnit;
  /** The PDF's: the members' names by user id, for its costs page (read from the same document). */
  memberNames?: Array<[userId: number, name: string]>;
  /** The PDF's and the calendar's: the weather of the trip's stop-days (asked on the request loop, ./stopDaysTask.ts). */
  weather?: TTripWeatherResponse;
}

/** What an export of `trip` in `format` is built from, as committed now by every process. */
export async function exportJobOf(tripDocs: TripDocHub, trip: ExportJob['trip'], format: ExportFormat): Promise<ExportJob> {
  const updates = await tripDocs.storedUpdates(trip.id);
  if (!updates) throw new TripDocMissingError(trip.id);
  return { trip: { id: trip.id, title: trip.title, description: trip.description }, updates, format };
}

/** The file's body (a Buffer arrives on the other side as the Uint8Array it is). */
export async function buildExport({ trip, updates, format, memberNames, distanceUnit, weather }: ExportJob): Promise<string | Uint8Array> {
  const doc = tripDocOf(updates);
  const { settings, stops } = exportSourceOf(doc);
  const model = exportTripOf(trip, settings, stops, distanceUnit, weather);
  if (memberNames) {
    const names = new Map(memberNames);
    model.costs = exportCostsOf(costsOverview(readMoney(doc)), (userId) => names.get(userId) ?? messages.collaboration.formerMember);
  }
  return (await exportFile(model, format)).body;
}
