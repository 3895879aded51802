/**
 * Stores one photo: re-encodes it (unless the caller already did), puts the bytes in the blob store and
 * inserts its `photos` row with the caller's EntityManager, so the row commits or rolls back with the
 * caller's transaction. The blob is written first; if the insert fails here the blob is removed again,
 * and a caller whose transaction fails later removes the blobs with `photoBlobsDeleter`.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { PhotoEntity, type Photo } from '@caravan/engine';
import { processImageDataUrl, type ProcessedImage } from '../lib/imageProcessor.ts';
import { photoUrl } from '../lib/photoUrls.ts';
import { blobKeyFor, type BlobStore } from '../providers/blobStore/blobStore.ts';

export interface PhotoToStore {
  tripId: string;
  journalEntryId?: string | null;
  position?: number;
  uploadedBy?: number | null;
  /** A `data:image/...;base64,` string, or an image already run through `processImageDataUrl`. */
  image: string | ProcessedImage;
}

export interface StoredPhoto {
  photo: Photo;
  /** Where browsers load it: `/_api/photos/{id}`. */
  url: string;
}

export async function photoStorer(manager: DataSource | EntityManager, blobStore: BlobStore, input: PhotoToStore): Promise<StoredPhoto> {
  const image = typeof input.image === 'string' ? await processImageDataUrl(input.image) : input.image;
  const id = randomUUID();
  const storageKey = blobKeyFor(id, image.contentType);
  await blobStore.put(storageKey, image.bytes, image.contentType);
  const photo: Omit<Photo, 'createdAt'> = {
    id,
    tripId: input.tripId,
    journalEntryId: input.journalEntryId ?? null,
    position: input.position ?? 0,
    storageKey,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    byteSize: image.bytes.length,
    uploadedBy: input.uploadedBy ?? null,
  };
  try {
    const { generatedMaps } = await manager.getRepository(PhotoEntity).insert(photo);
    return { photo: { ...photo, createdAt: generatedMaps[0].createdAt as Date }, url: photoUrl(id) };
  } catch (error) {
    await blobStore.delete(storageKey).catch(() => {});
    throw error;
  }
}
