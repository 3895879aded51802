/** Storage keys of every photo of a trip, to read before a cascade delete removes the rows. */
import type { DataSource, EntityManager } from 'typeorm';
import { PhotoEntity, type Photo } from '@caravan/engine';

export async function tripPhotoKeys(db: DataSource | EntityManager, tripId: string): Promise<Array<Pick<Photo, 'storageKey'>>> {
  return db.getRepository(PhotoEntity).find({ select: { storageKey: true }, where: { tripId } });
}
