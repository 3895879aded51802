/** Adds a place found along the route into its leg of the live document, as one change the member undoes at once. */
import type { TCorridorPlace } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { addCorridorStop } from './corridorWrites.ts';

/** False when the leg's stops are gone or no longer in that order (./corridorWrites.ts). */
export function addAlongRoute(connection: TripConnection, place: TCorridorPlace): boolean {
  connection.undoManager.stopCapturing();
  const added = connection.transact(() => addCorridorStop(connection.doc, crypto.randomUUID(), place));
  connection.undoManager.stopCapturing();
  return added;
}
