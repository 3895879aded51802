/**
 * Deletes a stop and records 'stop_deleted' with its name. Its journal entries and their photo rows go with its projection row (ON DELETE CASCADE)
 * in the same commit, so their storage keys are read first; the blobs are deleted once it committed.
 */
import { deleteStop, findStop, type TDeleteStopRequest } from '@caravan/shared';
import { bumpVersion, recordStopChange, serverOrigin, stopKeyOrNotFound, type User } from '@caravan/engine';
import { photoBlobsDeleter } from './photoDeleter.ts';
import { storedPhotoIds, unusedLegacyPhotosDeleter } from '../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../types.ts';

export async function stopDeleter(
  { tripDocs, blobStore, logger }: PhotoWriteDeps,
  actor: User,
  { tripId, stopId }: TDeleteStopRequest,
): Promise<void> {
  const blobs = await tripDocs.write(tripId, serverOrigin(actor.id), async ({ doc, manager, transact }) => {
    const key = stopKeyOrNotFound(doc, stopId);
    const stop = findStop(doc, key)!;
    const journal: Array<{ storageKey: string | null }> = await manager.query(
      `SELECT p.storage_key AS "storageKey"
         FROM journal_entries j LEFT JOIN photos p ON p.journal_entry_id = j.id
        WHERE j.trip_id = $1 AND j.stop_id = $2`,
      [tripId, stopId],
    );
    transact(() => {
      deleteStop(doc, key);
      recordStopChange(doc, actor, { kind: 'deleted', stopId: key, stopName: stop.name });
      if (journal.length) bumpVersion(doc, 'journalsVersion');
    });
    const legacy = await unusedLegacyPhotosDeleter(manager, doc, tripId, storedPhotoIds(stop.photos));
    return [...journal.flatMap(({ storageKey }) => (storageKey ? [{ storageKey }] : [])), ...legacy];
  });
  await photoBlobsDeleter({ blobStore, logger }, blobs);
}
