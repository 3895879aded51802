/**
 * /trips/stops/calculate-travel-time: estimates the drive between two stops (OSRM when configured, the
 * great-circle guess otherwise) and writes the minutes onto the destination stop as its
 * estimatedDriveMinutes. The estimate runs outside the trip's write lock: a routing engine may take a while.
 */
import { In, type DataSource } from 'typeorm';
import { messages, updateStop, type TCalculateTravelTimeResponse } from '@caravan/shared';
import { StopEntity } from '../entities/stop.ts';
import { AppError } from '../lib/appError.ts';
import type { DriveTimeEstimator } from '../providers/routing/driveTimes.ts';
import { serverOrigin } from '../tripDocs/origins.ts';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';

export interface TravelTimeDeps {
  dataSource: DataSource;
  tripDocs: TripDocHub;
  driveTimes: DriveTimeEstimator;
}

export interface TravelTimeParams {
  tripId: string;
  fromStopId: string;
  toStopId: string;
}

const stopNotFound = () => new AppError('not_found', messages.stops.notFound);

export async function travelTimeCalculator(
  { dataSource, tripDocs, driveTimes }: TravelTimeDeps,
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

  const estimate = await driveTimes.estimate(from, to);
  await tripDocs.write(tripId, serverOrigin(userId), ({ doc, transact }) => {
    let found = false;
    transact(() => {
      found = updateStop(doc, toStopId, { estimatedDriveMinutes: estimate.minutes });
    });
    if (!found) throw stopNotFound();
  });
  return { estimatedDriveMinutes: estimate.minutes, distanceKm: estimate.distanceKm, source: estimate.source };
}
