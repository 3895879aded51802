/**
 * An export as the worker pool builds it (server/src/heavyWork/): the trip's stops and plan settings as the
 * document holds them, read on the request loop, and everything that walks them there — the schedule of every
 * stop (opening hours, zones), the route and the file. Plain data in and out: only that crosses between threads.
 */
import type { ExportFormat } from '@caravan/shared';
import type { TripDocHub } from '@caravan/engine';
import type { ExportCosts } from './exportCosts.ts';
import { exportFile } from './exportFormats.ts';
import { exportSourceOf, exportTripOf, type ExportDocStop, type ExportTrip } from './exportTrip.ts';

export interface ExportJob {
  trip: Pick<ExportTrip, 'id' | 'title' | 'description'>;
  settings: ReturnType<typeof exportSourceOf>['settings'];
  stops: ExportDocStop[];
  format: ExportFormat;
  /** The PDF's costs page. */
  costs?: ExportCosts | null;
}

/** What an export of `trip` in `format` is built from, read now from its document (caught up on every process's commits). */
export async function exportJobOf(tripDocs: TripDocHub, trip: ExportJob['trip'], format: ExportFormat): Promise<ExportJob> {
  const { settings, stops } = await tripDocs.read(trip.id, ({ doc }) => exportSourceOf(doc));
  return { trip: { id: trip.id, title: trip.title, description: trip.description }, settings, stops, format };
}

/** The file's body (a Buffer arrives on the other side as the Uint8Array it is). */
export async function buildExport({ trip, settings, stops, format, costs }: ExportJob): Promise<string | Uint8Array> {
  const model = exportTripOf(trip, settings, stops);
  if (costs) model.costs = costs;
  return (await exportFile(model, format)).body;
}
