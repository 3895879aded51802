/**
 * What the shared-cost commands share: refusing receipts the trip did not store, and the 404 of one entry (they write
 * through `writeParts` and the money part, which words its refusals for REST: shared/src/parts/money/refusals.ts).
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { moneyMessages } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { photoIdFromUrl } from '../../lib/photoUrls.ts';

/** Refuses a receipt that is not one of the photos this trip stored (its shape is the contract's: one of our photo addresses). */
export async function assertTripPhoto(manager: EntityManager, tripId: string, url: string): Promise<void> {
  const photoId = photoIdFromUrl(url);
  const rows: unknown[] = photoId ? await manager.query('SELECT 1 FROM photos WHERE id = $1 AND trip_id = $2', [photoId, tripId]) : [];
  if (!rows.length) throw new AppError('validation', moneyMessages.invalidReceipt);
}

/** The live entry under `id` of `map`, or a 404 with `message`. */
export function entryOrNotFound(map: Y.Map<unknown>, id: string, message: string): unknown {
  const entry = map.get(id);
  if (entry === undefined) throw new AppError('not_found', message);
  return entry;
}
