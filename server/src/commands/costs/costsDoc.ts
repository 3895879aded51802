/**
 * What the shared-cost commands share: writing through the money part (shared/src/parts/money) with REST's words
 * for its refusals, refusing receipts the trip did not store, and the 404 of one entry.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { moneyMessages, moneyRefusalKind } from '@caravan/shared';
import { AppError, writeParts } from '@caravan/engine';
import { photoIdFromUrl } from '../../lib/photoUrls.ts';

/**
 * `writeParts` for shared costs: the part's judge decides, and REST words what a member's request can meet in its
 * own terms (an entry or setting not theirs is a 403, the cap its message); other refusals keep the judge's words.
 */
export async function writeMoney<T>(...args: Parameters<typeof writeParts<T>>): Promise<T> {
  try {
    return await writeParts(...args);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const kind = moneyRefusalKind(error.message);
    if (kind === 'notYours') throw new AppError('forbidden', moneyMessages.notYours);
    if (kind === 'tooMany') throw new AppError(error.code, moneyMessages.tooManyEntries);
    throw error;
  }
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
