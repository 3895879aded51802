/**
 * The stops the exports read (docs/product.md#export): the GPX/KML/GeoJSON/ICS/PDF files and the calendar feed, which
 * calendar apps poll. Only what the files use, in trip order: names, address, notes, positions, planned
 * date, drive estimate and leg, visited. Not the journal entries and photos /trips/details gathers with
 * them, which no file carries. One prepared statement; the stops come as one JSON column, as there.
 */
import type { DataSource } from 'typeorm';
import type { TTripStop } from '@caravan/shared';
import { queryPrepared } from '@caravan/engine';
import { iso } from './tripDetailQuery.ts';

export type ExportStopRecord = Pick<
  TTripStop,
  'id' | 'name' | 'address' | 'notes' | 'latitude' | 'longitude' | 'visited' | 'plannedArrivalDate' | 'estimatedDriveMinutes' | 'driveLeg'
>;

/** Ordered as /trips/details orders them, so a file lists the stops as the app does. */
const EXPORT_STOPS = {
  name: 'caravan_export_stops',
  text: `SELECT coalesce(json_agg(json_build_object(
                  'id', s.id, 'name', s.name, 'address', s.address, 'notes', s.notes,
                  'latitude', s.latitude, 'longitude', s.longitude, 'visited', s.visited,
                  'plannedArrivalDate', ${iso('s.planned_arrival_date')},
                  'estimatedDriveMinutes', s.estimated_drive_minutes, 'driveLeg', s.drive_leg)
                ORDER BY s.stop_order, s.pos, s.id), '[]') AS stops
           FROM stops s WHERE s.trip_id = $1`,
};

/** Every stop of a trip in trip order, with the fields the export files use. */
export async function exportStopsQuery(dataSource: DataSource, tripId: string): Promise<ExportStopRecord[]> {
  const [row] = await queryPrepared<{ stops: ExportStopRecord[] }>(dataSource, EXPORT_STOPS, [tripId]);
  return row.stops;
}
