/**
 * A server-origin change to a trip's document on behalf of a user (ARCHITECTURE "Write paths", door 2).
 * A trip deleted between the caller's access check and the write is as missing as one that never was.
 */
import { messages } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';
import { serverOrigin } from '../tripDocs/origins.ts';
import { TripDocMissingError, type ChangeContext, type TripDocHub } from '../tripDocs/tripDocHub.ts';

export async function tripDocWriter<T>(
  tripDocs: TripDocHub,
  tripId: string,
  userId: number,
  change: (context: ChangeContext) => Promise<T> | T,
): Promise<T> {
  try {
    // One live document per trip: the hub keys them by id as written, and a uuid may arrive in capitals.
    return await tripDocs.write(tripId.toLowerCase(), serverOrigin(userId), change);
  } catch (error) {
    if (error instanceof TripDocMissingError) throw new AppError('not_found', messages.trips.notFound);
    throw error;
  }
}
