/**
 * /trips/stops/calculate-travel-time: the drive between two stops, read through the road router as the trip's
 * legs are (its cache, else OSRM when configured, the great-circle guess otherwise), so both agree; the minutes
 * are written onto the destination stop as its estimatedDriveMinutes. The routing runs outside the trip's write
 * lock: a routing engine may take a while.
 * A leg to or from a stop without a position (shared `hasPosition`) has no estimate: the answer and the
 * stop's estimatedDriveMinutes are null, so no drive time or 'Leave by' is shown for it.
 */
import { In, type DataSource } from 'typeorm';
import { hasPosition, messages, updateStop, type TCalculateTravelTimeResponse } from '@caravan/shared';
import { AppError, type LegRouter, roadLegBetween, serverOrigin, StopEntity, type TripDocHub } from '@caravan/engine';

export interface TravelTimeDeps {
  dataSource: DataSource;
  tripDocs: TripDocHub;
  roads: LegRouter;
}

export interface TravelTimeParams {
  tripId: string;
  fromStopId: string;
  toStopId: string;
}

const stopNotFound = () => new AppError('not_found', messages.stops.notFound);

export async function travelTimeCalculator(
  { dataSource, tripDocs, roads }: TravelTimeDeps,
  userId: number,
  { tripId, fromStopId, toStopId }: TravelTimeParams,
): Promise<TCalculateTravelTimeResponse> {
  // The projection holds every committed stop; reading it takes no lock on the document.
  const stops = await dataSource.getRepository(StopEntity).find({
    select: { id: true, latitude: true, longitude: true },
    where: { tripId, id: In([fromStopId, toStopId]) },
  });
  const from = stops.find((stop) => stop.id === fromStopId);
  const to = stops.find((stop) => stop.id === toStopId);
  if (!from || !to) throw stopNotFound();

  // Without both positions a drive would be measured to the sea off Africa; an older estimate is cleared.
  const estimate = hasPosition(from) && hasPosition(to) ? await roadLegBetween(roads, { from, to }) : null;
  await tripDocs.write(tripId, serverOrigin(userId), ({ doc, transact }) => {
    let found = false;
    transact(() => {
      found = updateStop(doc, toStopId, { estimatedDriveMinutes: estimate?.minutes ?? null });
    });
    if (!found) throw stopNotFound();
  });
  if (!estimate) return { estimatedDriveMinutes: null, distanceKm: null, source: null };
  return { estimatedDriveMinutes: estimate.minutes, distanceKm: estimate.distanceKm, source: estimate.source };
}
