/**
 * Removing photos happens in two steps: the rows go inside the caller's transaction (`photoDeleter`),
 * the bytes only after it committed (`photoBlobsDeleter`), so a rollback never leaves a row pointing
 * at a deleted file. A blob that fails to delete is logged and left behind: an orphan file is harmless,
 * a missing one is a broken photo.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { PhotoEntity, type DeletedPhoto, type Photo } from '@caravan/engine';
import type { PhotoWriteDeps } from '../types.ts';

export interface PhotoSelection {
  tripId: string;
  /** Only the photos of this journal entry. */
  journalEntryId?: string;
  /** Only these photo ids. */
  photoIds?: string[];
}

/** Deletes the selected rows and returns them; pass the result to `photoBlobsDeleter` after commit. */
export async function photoDeleter(manager: DataSource | EntityManager, selection: PhotoSelection): Promise<DeletedPhoto[]> {
  const query = manager
    .getRepository(PhotoEntity)
    .createQueryBuilder()
    .delete()
    .where('trip_id = :tripId', { tripId: selection.tripId });
  if (selection.journalEntryId) query.andWhere('journal_entry_id = :journalEntryId', { journalEntryId: selection.journalEntryId });
  if (selection.photoIds) {
    if (selection.photoIds.length === 0) return [];
    query.andWhere('id IN (:...photoIds)', { photoIds: selection.photoIds });
  }
  const result = await query.returning('id, storage_key').execute();
  return (result.raw as Array<{ id: string; storage_key: string }>).map((row) => ({ id: row.id, storageKey: row.storage_key }));
}

/** Runs after the commit, outside any transaction, so it takes the app's deps; the photos are its params. */
export async function photoBlobsDeleter(
  { blobStore, logger }: Pick<PhotoWriteDeps, 'blobStore' | 'logger'>,
  photos: ReadonlyArray<Pick<Photo, 'storageKey'>>,
): Promise<void> {
  await Promise.all(
    photos.map(async ({ storageKey }) => {
      try {
        await blobStore.delete(storageKey);
      } catch (err) {
        logger?.warn({ err, storageKey }, 'photo blob left behind after its row was deleted');
      }
    }),
  );
}
