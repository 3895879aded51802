/**
 * A journal entry's photo list, as the create and update calls send it: new photos as data URLs, kept
 * ones as their `/_api/photos/{id}` URLs, in the order shown. Uploads are decoded and re-encoded by
 * `journalPhotosPreparer` before the transaction opens (sharp is slow, the trip's write lock is not
 * the place for it); `journalPhotosPlacer` then, inside the transaction, stores the new ones, renumbers
 * the kept ones, and copies photos of the same trip that belong elsewhere (another entry, the
 * background), so deleting one entry never breaks another.
 */
import { type EntityManager, In } from 'typeorm';
import { isPhotoUrl, messages } from '@caravan/shared';
import { AppError, type Photo, PhotoEntity } from '@caravan/engine';
import { processImageBytes, processImageDataUrl, type ProcessedImage } from '../lib/imageProcessor.ts';
import { photoIdFromUrl, photoUrl } from '../lib/photoUrls.ts';
import type { BlobStore } from '../providers/blobStore/blobStore.ts';
import { photoStorer, type StoredPhoto } from './photoStorer.ts';

export type PreparedPhoto = { kind: 'upload'; image: ProcessedImage } | { kind: 'existing'; photoId: string };

/** Re-encodes the uploads one at a time (a 2-core server runs a 20-photo entry without starving others). */
export async function journalPhotosPreparer(photos: ReadonlyArray<string>): Promise<PreparedPhoto[]> {
  const prepared: PreparedPhoto[] = [];
  const seen = new Set<string>();
  for (const photo of photos) {
    if (isPhotoUrl(photo)) {
      const photoId = photoIdFromUrl(photo)!;
      // The same photo listed twice is shown once.
      if (!seen.has(photoId)) prepared.push({ kind: 'existing', photoId });
      seen.add(photoId);
    } else {
      prepared.push({ kind: 'upload', image: await processImageDataUrl(photo) });
    }
  }
  return prepared;
}

/** A step inside the caller's transaction: its EntityManager, and where the photo bytes go. */
export interface PhotoPlacementDeps {
  manager: EntityManager;
  blobStore: BlobStore;
}

export interface PhotoPlacement {
  tripId: string;
  entryId: string;
  prepared: ReadonlyArray<PreparedPhoto>;
  /** The entry's photos before this change (none for a new entry). */
  current: ReadonlyArray<Photo>;
  /** Every blob this call writes is pushed here, so the caller can remove them if the transaction fails. */
  stored: StoredPhoto[];
}

export interface PlacedPhotos {
  urls: string[];
  /** The entry's photos the new list leaves out. */
  dropped: string[];
}

export async function journalPhotosPlacer(
  { manager, blobStore }: PhotoPlacementDeps,
  uploadedBy: number,
  placement: PhotoPlacement,
): Promise<PlacedPhotos> {
  const { tripId, entryId, prepared, current, stored } = placement;
  const own = new Map(current.map((photo) => [photo.id, photo]));
  const elsewhereIds = prepared.flatMap((photo) => (photo.kind === 'existing' && !own.has(photo.photoId) ? [photo.photoId] : []));
  const elsewhere = new Map(
    elsewhereIds.length
      ? (await manager.getRepository(PhotoEntity).findBy({ tripId, id: In(elsewhereIds) })).map((photo) => [photo.id, photo])
      : [],
  );

  const urls: string[] = [];
  for (const [position, photo] of prepared.entries()) {
    const store = async (image: ProcessedImage) => {
      const result = await photoStorer(manager, blobStore, { tripId, journalEntryId: entryId, position, uploadedBy, image });
      stored.push(result);
      return result.url;
    };
    if (photo.kind === 'upload') {
      urls.push(await store(photo.image));
      continue;
    }
    const kept = own.get(photo.photoId);
    if (kept) {
      if (kept.position !== position) await manager.getRepository(PhotoEntity).update({ id: kept.id }, { position });
      urls.push(photoUrl(kept.id));
      continue;
    }
    const source = elsewhere.get(photo.photoId);
    if (!source) throw new AppError('validation', messages.journal.photoNotInTrip);
    urls.push(await store(await copyOf(blobStore, source)));
  }

  const keptIds = new Set(prepared.flatMap((photo) => (photo.kind === 'existing' ? [photo.photoId] : [])));
  return { urls, dropped: current.filter((photo) => !keptIds.has(photo.id)).map((photo) => photo.id) };
}

/** Stored photos are already re-encoded JPEGs: a copy reuses the bytes as they are. */
async function copyOf(blobStore: BlobStore, photo: Photo): Promise<ProcessedImage> {
  const blob = await blobStore.get(photo.storageKey);
  if (!blob) throw new AppError('validation', messages.photos.unreadable);
  if (blob.contentType !== 'image/jpeg') return processImageBytes(blob.bytes);
  return { bytes: blob.bytes, contentType: 'image/jpeg', width: photo.width, height: photo.height };
}
