/**
 * Replaces a stop's legacy journal content and photos (/trips/stops/update-content). New images
 * arrive as data URLs: they are re-encoded before the trip is locked, stored inside the write (blob, then
 * row), and their blobs removed again if the write fails. Stored photos the stop no longer lists are
 * deleted (rows in the write, blobs after the commit).
 */
import { findStop, isImageDataUrl, messages, updateStop, type TUpdateStopContentRequest } from '@caravan/shared';
import { AppError, type DeletedPhoto, serverOrigin, stopKeyOrNotFound } from '@caravan/engine';
import { processImageDataUrl, type ProcessedImage } from '../lib/imageProcessor.ts';
import { photoBlobsDeleter } from './photoDeleter.ts';
import { photoStorer, type StoredPhoto } from './photoStorer.ts';
import { storedPhotoIds, unusedLegacyPhotosDeleter } from '../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../types.ts';

export async function stopContentUpdater(
  { tripDocs, blobStore, logger }: PhotoWriteDeps,
  actorId: number,
  { tripId, stopId, ...content }: TUpdateStopContentRequest,
): Promise<void> {
  // Decoding and re-encoding is the slow part; it runs before the trip's document is locked.
  const processed: Array<ProcessedImage | string> = [];
  for (const photo of content.photos) processed.push(isImageDataUrl(photo) ? await processImageDataUrl(photo) : photo);

  const stored: StoredPhoto[] = [];
  let unused: DeletedPhoto[];
  try {
    unused = await tripDocs.write(tripId, serverOrigin(actorId), async ({ doc, manager, transact }) => {
      const key = stopKeyOrNotFound(doc, stopId);
      const stop = findStop(doc, key)!;
      const listed = storedPhotoIds(processed.filter((photo): photo is string => typeof photo === 'string'));
      if (listed.length) {
        const found: unknown[] = await manager.query(`SELECT id FROM photos WHERE trip_id = $1 AND id = ANY($2::uuid[])`, [
          tripId,
          listed,
        ]);
        if (found.length !== listed.length) throw new AppError('validation', messages.journal.photoNotInTrip);
      }
      const urls: string[] = [];
      for (const [position, photo] of processed.entries()) {
        if (typeof photo === 'string') {
          urls.push(photo);
          continue;
        }
        const photoStored = await photoStorer(manager, blobStore, { tripId, image: photo, position, uploadedBy: actorId });
        stored.push(photoStored);
        urls.push(photoStored.url);
      }
      transact(() => updateStop(doc, key, { journalContent: content.journalContent, photos: urls.length ? urls : null }));
      const dropped = storedPhotoIds(stop.photos).filter((id) => !listed.includes(id));
      return unusedLegacyPhotosDeleter(manager, doc, tripId, dropped);
    });
  } catch (error) {
    await photoBlobsDeleter({ blobStore, logger }, stored.map(({ photo }) => photo));
    throw error;
  }
  await photoBlobsDeleter({ blobStore, logger }, unused);
}
