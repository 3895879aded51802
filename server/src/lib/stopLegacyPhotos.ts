/**
 * Photos a stop lists in its legacy `photos` field, and expenses' receipts. Stored ones are `photos` rows
 * outside any journal entry; when nothing lists one any more (content edited, stop deleted, expense deleted or
 * its receipt replaced) its row goes inside the write's transaction, its bytes after the commit
 * (`photoBlobsDeleter`). A photo still listed by a stop or an expense, or serving as the trip's background, stays.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { expensesMap, orderedStops } from '@caravan/shared';
import type { DeletedPhoto } from '@caravan/engine';
import { photoIdFromUrl } from './photoUrls.ts';

/** The ids of our stored photos among a list of photo URLs. */
export function storedPhotoIds(urls: ReadonlyArray<unknown> | null | undefined): string[] {
  const ids = (urls ?? []).map((url) => (typeof url === 'string' ? photoIdFromUrl(url) : null));
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

/** Call after the document change: `doc` must already show what the stops list now. */
export async function unusedLegacyPhotosDeleter(
  manager: EntityManager,
  doc: Y.Doc,
  tripId: string,
  candidateIds: ReadonlyArray<string>,
): Promise<DeletedPhoto[]> {
  if (!candidateIds.length) return [];
  const stillListed = new Set([
    ...orderedStops(doc).flatMap((stop) => storedPhotoIds(stop.photos)),
    ...storedPhotoIds([...expensesMap(doc).values()].map((expense) => (expense as { receiptPhoto?: unknown }).receiptPhoto)),
  ]);
  const [trip] = await manager.query(`SELECT hero_image AS "heroImage" FROM trips WHERE id = $1`, [tripId]);
  const hero = trip?.heroImage ? photoIdFromUrl(trip.heroImage) : null;
  const unused = candidateIds.filter((id) => !stillListed.has(id) && id !== hero);
  if (!unused.length) return [];
  const [rows] = await manager.query(
    `DELETE FROM photos WHERE trip_id = $1 AND journal_entry_id IS NULL AND id = ANY($2::uuid[])
     RETURNING id, storage_key AS "storageKey"`,
    [tripId, unused],
  );
  return rows as DeletedPhoto[];
}
