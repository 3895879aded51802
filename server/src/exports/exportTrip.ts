/**
 * What every export (docs/product.md#export) is built from: the trip's stops in order, read from the stops projection
 * (exportStopsQuery: only the fields the files use), with each drive taken from the stop's *current* leg
 * (withCurrentDrives: a leg of an order or positions that changed since is never exported), its leave-by
 * time from the shared computation the stop cards show, and the route's line. Builders get this and
 * nothing else, so the files agree with each other and with the app.
 */
import type { DataSource } from 'typeorm';
import { hasPosition, leaveBy, plannedCalendarDate, withCurrentDrives, type DriveLeg, type LeaveBy } from '@caravan/shared';
import type { Trip } from '@caravan/engine';
import { exportStopsQuery, type ExportStopRecord } from '../queries/exportStopsQuery.ts';
import type { ExportCosts } from './exportCosts.ts';
import { routeLine, type LatLng } from './routeLine.ts';

export interface ExportStop {
  id: string;
  /** 1-based place in the trip's order, counting every stop. */
  number: number;
  name: string;
  address: string | null;
  notes: string | null;
  /** Null for a stop without a position (stored at 0, 0): listed, but on no map, route or track. */
  position: { latitude: number; longitude: number } | null;
  /** Calendar date 'YYYY-MM-DD' of the planned arrival, or null. */
  plannedDate: string | null;
  /** Drive from the previous located stop: the current leg's minutes, or the stored estimate where no leg is recorded. */
  driveMinutes: number | null;
  /** The current leg, when known. */
  driveLeg: DriveLeg | null;
  leaveBy: LeaveBy | null;
  visited: boolean;
}

export interface ExportTrip {
  id: string;
  title: string;
  description: string | null;
  /** 'HH:MM': the time of day a planned arrival means. */
  arrivalTime: string;
  stops: ExportStop[];
  /** The route through the located stops: the road where its leg is known, a straight segment elsewhere. */
  route: LatLng[];
  /** Shared costs, for the PDF's costs page; absent for the other formats and for a trip with none. */
  costs?: ExportCosts | null;
}

type TripFields = Pick<Trip, 'id' | 'title' | 'description' | 'arrivalTime'>;

/** The export model of stops in trip order, for a trip's settings. */
export function exportTripOf(trip: TripFields, presented: readonly ExportStopRecord[]): ExportTrip {
  const stops = withCurrentDrives(presented.map((stop) => ({ ...stop, driveLeg: stop.driveLeg ?? null })));
  const exportStops = stops.map(
    (stop, index): ExportStop => ({
      id: stop.id,
      number: index + 1,
      name: stop.name,
      address: stop.address?.trim() || null,
      notes: stop.notes?.trim() || null,
      position: hasPosition(stop) ? { latitude: stop.latitude, longitude: stop.longitude } : null,
      plannedDate: plannedCalendarDate(stop.plannedArrivalDate),
      driveMinutes: stop.estimatedDriveMinutes,
      driveLeg: stop.driveLeg ?? null,
      leaveBy: leaveBy(stop.plannedArrivalDate, stop.estimatedDriveMinutes, trip.arrivalTime),
      visited: stop.visited,
    }),
  );
  return {
    id: trip.id,
    title: trip.title,
    description: trip.description?.trim() || null,
    arrivalTime: trip.arrivalTime,
    stops: exportStops,
    route: routeLine(exportStops),
  };
}

/** The export model of a trip, read now from the projection. */
export async function loadExportTrip(dataSource: DataSource, trip: TripFields): Promise<ExportTrip> {
  return exportTripOf(trip, await exportStopsQuery(dataSource, trip.id));
}

/** Stops that have a place on the map, in order. */
export const locatedStops = (trip: ExportTrip) =>
  trip.stops.filter((stop): stop is ExportStop & { position: NonNullable<ExportStop['position']> } => stop.position !== null);
