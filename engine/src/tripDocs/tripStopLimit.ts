/**
 * A trip holds at most COLLAB_LIMITS.maxStopsPerTrip stops. The collab server refuses a live update that would
 * pass it (collab-server/src/permissions.ts); the REST calls that add a stop (add, approving a suggestion) ask
 * here, so both doors keep the same limit.
 */
import type * as Y from 'yjs';
import { COLLAB_LIMITS, messages, stopsMap } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';

/** Refuses (409) a stop more once the trip is full. */
export function assertTripNotFull(doc: Y.Doc): void {
  if (stopsMap(doc).size >= COLLAB_LIMITS.maxStopsPerTrip) {
    throw new AppError('conflict', messages.stops.tripFull(COLLAB_LIMITS.maxStopsPerTrip));
  }
}
