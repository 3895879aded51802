/**
 * A server-origin change to a trip's document on behalf of a user (ARCHITECTURE "Write paths", door 2).
 * The hub normalises the trip id and answers 404 for a trip deleted between the access check and the write.
 */
import { serverOrigin } from '../tripDocs/origins.ts';
import type { ChangeContext, TripDocHub } from '../tripDocs/tripDocHub.ts';

export function tripDocWriter<T>(
  tripDocs: TripDocHub,
  tripId: string,
  userId: number,
  change: (context: ChangeContext) => Promise<T> | T,
): Promise<T> {
  return tripDocs.write(tripId, serverOrigin(userId), change);
}
