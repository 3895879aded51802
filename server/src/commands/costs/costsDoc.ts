/**
 * What the shared-cost commands share: reading the money state under the trip's lock, refusing members who are
 * not on the trip (read under that lock; the live door keeps the room's member set, collab-server/src/moneyPermissions.ts)
 * and receipts the trip did not store, and the 404s and 403s of one entry.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { MONEY_ENTRIES_MAX, moneyMessages } from '@caravan/shared';
import { AppError } from '@caravan/engine';
import { photoIdFromUrl } from '../../lib/photoUrls.ts';

export async function assertMembers(manager: EntityManager, tripId: string, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  const rows: { user_id: number }[] = await manager.query('SELECT user_id FROM trip_members WHERE trip_id = $1 AND user_id = ANY($2::int[])', [
    tripId,
    ids,
  ]);
  if (rows.length !== ids.length) throw new AppError('validation', moneyMessages.notAMember);
}

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

export function allowOrForbid(allowed: boolean): void {
  if (!allowed) throw new AppError('forbidden', moneyMessages.notYours);
}

/** The same cap the live door keeps, so no door grows a trip's document without bound. */
export function assertRoomFor(map: Y.Map<unknown>): void {
  if (map.size >= MONEY_ENTRIES_MAX) throw new AppError('validation', moneyMessages.tooManyEntries);
}
