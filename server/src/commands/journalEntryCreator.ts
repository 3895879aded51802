/**
 * Writes a new journal entry on a stop with its photos, in the trip document's write transaction so the
 * `journalsVersion` bump that tells connected members to refetch commits with the rows. Blobs written
 * for a transaction that then fails are removed again.
 */
import { findStop, messages } from '@caravan/shared';
import { AppError, bumpVersion, JournalEntryEntity, type JournalEntryWithPhotos, serverOrigin } from '@caravan/engine';
import type { PhotoWriteDeps } from '../types.ts';
import { journalPhotosPlacer, journalPhotosPreparer } from './journalEntryPhotos.ts';
import { photoBlobsDeleter } from './photoDeleter.ts';
import type { StoredPhoto } from './photoStorer.ts';

export interface NewJournalEntry {
  tripId: string;
  stopId: string;
  content: string | null;
  /** Data URLs to upload, or `/_api/photos/{id}` URLs of photos of this trip to copy. */
  photos: string[];
  /** ISO timestamp. */
  entryDate: string;
}

export async function journalEntryCreator(deps: PhotoWriteDeps, authorId: number, params: NewJournalEntry): Promise<JournalEntryWithPhotos> {
  const prepared = await journalPhotosPreparer(params.photos);
  const stored: StoredPhoto[] = [];
  try {
    return await deps.tripDocs.write(params.tripId, serverOrigin(authorId), async ({ doc, manager, transact }) => {
      if (!findStop(doc, params.stopId)) throw new AppError('not_found', messages.stops.notFound);
      const entry = await manager.getRepository(JournalEntryEntity).save({
        tripId: params.tripId,
        stopId: params.stopId,
        authorId,
        content: params.content,
        entryDate: new Date(params.entryDate),
      });
      const { urls } = await journalPhotosPlacer({ manager, blobStore: deps.blobStore }, authorId, {
        tripId: params.tripId,
        entryId: entry.id,
        prepared,
        current: [],
        stored,
      });
      transact(() => bumpVersion(doc, 'journalsVersion'));
      return { entry, photoUrls: urls };
    });
  } catch (error) {
    await photoBlobsDeleter(deps, stored.map(({ photo }) => photo));
    throw error;
  }
}
