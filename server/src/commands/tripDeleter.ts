/**
 * Deletes a trip; its members, stops, journals, document and everything else go with it (ON DELETE CASCADE).
 * Its stored photos (journal photos, the background) are files too: their rows go in the same transaction and
 * the files once it committed, as for a deleted stop (photoDeleter.ts).
 */
import type { DataSource } from 'typeorm';
import type { TDeleteTripRequest } from '@caravan/shared';
import { TripEntity } from '@caravan/engine';
import type { PhotoWriteDeps } from '../types.ts';
import { photoBlobsDeleter, photoDeleter } from './photoDeleter.ts';

type TripDeleteDeps = Pick<PhotoWriteDeps, 'blobStore' | 'logger'> & { dataSource: DataSource };

export async function tripDeleter({ dataSource, blobStore, logger }: TripDeleteDeps, { tripId }: TDeleteTripRequest): Promise<void> {
  const photos = await dataSource.transaction(async (manager) => {
    const deleted = await photoDeleter(manager, { tripId });
    await manager.getRepository(TripEntity).delete({ id: tripId });
    return deleted;
  });
  await photoBlobsDeleter({ blobStore, logger }, photos);
}
