/**
 * Sets a trip's background image: the upload is re-encoded like any photo and kept as a photo of the
 * trip with no journal entry; `trips.hero_image` points at it and the document's meta mirrors it. The
 * previous background is deleted when it was one of ours (not a journal photo, not an outside URL).
 */
import { IsNull } from 'typeorm';
import { messages } from '@caravan/shared';
import { AppError, mirrorTripMeta, PhotoEntity, serverOrigin, TripEntity } from '@caravan/engine';
import { processImageDataUrl } from '../lib/imageProcessor.ts';
import { photoIdFromUrl } from '../lib/photoUrls.ts';
import type { PhotoWriteDeps } from '../types.ts';
import { photoBlobsDeleter, photoDeleter } from './photoDeleter.ts';
import { photoStorer, type StoredPhoto } from './photoStorer.ts';

export async function heroImageSetter(deps: PhotoWriteDeps, userId: number, params: { tripId: string; heroImage: string }) {
  const image = await processImageDataUrl(params.heroImage);
  let stored: StoredPhoto | undefined;
  let result;
  try {
    result = await deps.tripDocs.write(params.tripId, serverOrigin(userId), async ({ doc, manager, transact }) => {
      const trips = manager.getRepository(TripEntity);
      const trip = await trips.findOneBy({ id: params.tripId });
      if (!trip) throw new AppError('not_found', messages.trips.notFound);
      stored = await photoStorer(manager, deps.blobStore, { tripId: trip.id, uploadedBy: userId, image });
      const previousId = trip.heroImage ? photoIdFromUrl(trip.heroImage) : null;
      const previousIsOurs =
        previousId !== null &&
        (await manager.getRepository(PhotoEntity).existsBy({ id: previousId, tripId: trip.id, journalEntryId: IsNull() }));
      const deleted = previousIsOurs ? await photoDeleter(manager, { tripId: trip.id, photoIds: [previousId!] }) : [];
      await trips.update({ id: trip.id }, { heroImage: stored.url });
      transact(() => mirrorTripMeta(doc, { ...trip, heroImage: stored!.url }));
      return { heroImage: stored.url, deleted };
    });
  } catch (error) {
    if (stored) await photoBlobsDeleter(deps, [stored.photo]);
    throw error;
  }
  await photoBlobsDeleter(deps, result.deleted);
  return { heroImage: result.heroImage };
}
