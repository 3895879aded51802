/**
 * Rewrites a journal entry: text, date and photo list. Photos the list leaves out lose their rows in the
 * transaction and their files after it commits; new uploads are stored; kept photos keep their rows
 * and take their new places.
 */
import { messages } from '@caravan/shared';
import {
  AppError,
  bumpVersion,
  JournalEntryEntity,
  type JournalEntryWithPhotos,
  PhotoEntity,
  serverOrigin,
} from '@caravan/engine';
import type { PhotoWriteDeps } from '../types.ts';
import { journalPhotosPlacer, journalPhotosPreparer } from './journalEntryPhotos.ts';
import { photoBlobsDeleter, photoDeleter } from './photoDeleter.ts';
import type { StoredPhoto } from './photoStorer.ts';

export interface JournalEntryChange {
  tripId: string;
  entryId: string;
  content: string | null;
  /** The full new list: data URLs to upload, `/_api/photos/{id}` URLs to keep (or copy). */
  photos: string[];
  /** ISO timestamp. */
  entryDate: string;
}

export async function journalEntryUpdater(deps: PhotoWriteDeps, userId: number, change: JournalEntryChange): Promise<JournalEntryWithPhotos> {
  const prepared = await journalPhotosPreparer(change.photos);
  const stored: StoredPhoto[] = [];
  let result;
  try {
    result = await deps.tripDocs.write(change.tripId, serverOrigin(userId), async ({ doc, manager, transact }) => {
      const entries = manager.getRepository(JournalEntryEntity);
      const entry = await entries.findOneBy({ id: change.entryId, tripId: change.tripId });
      if (!entry) throw new AppError('not_found', messages.journal.entryNotFound);
      const current = await manager
        .getRepository(PhotoEntity)
        .find({ where: { tripId: change.tripId, journalEntryId: entry.id }, order: { position: 'ASC' } });
      const { urls, dropped } = await journalPhotosPlacer({ manager, blobStore: deps.blobStore }, userId, {
        tripId: change.tripId,
        entryId: entry.id,
        prepared,
        current,
        stored,
      });
      const deleted = await photoDeleter(manager, { tripId: change.tripId, journalEntryId: entry.id, photoIds: dropped });
      const updated = { ...entry, content: change.content, entryDate: new Date(change.entryDate) };
      await entries.update({ id: entry.id }, { content: updated.content, entryDate: updated.entryDate });
      transact(() => bumpVersion(doc, 'journalsVersion'));
      return { entry: { entry: updated, photoUrls: urls }, deleted };
    });
  } catch (error) {
    await photoBlobsDeleter(deps, stored.map(({ photo }) => photo));
    throw error;
  }
  await photoBlobsDeleter(deps, result.deleted);
  return result.entry;
}
