/**
 * Deletes stored photos outside any journal entry that nothing in their trip lists any more (no stop, no
 * expense's receipt, not the background), once their trip has gone a day without an edit. The live door cannot
 * reach the blob store, so a receipt whose expense was deleted or edited there is left for this sweep, as is one
 * uploaded for a form never saved. The REST door deletes its own at once (expenseDeleter, expenseWriter,
 * stopDeleter).
 */
import type { DataSource } from 'typeorm';
import { serverOrigin } from '@caravan/engine';
import { photoBlobsDeleter } from './photoDeleter.ts';
import { unusedLegacyPhotosDeleter } from '../lib/stopLegacyPhotos.ts';
import type { PhotoWriteDeps } from '../types.ts';

/** An upload this young may still be on its way into an expense or a stop: left alone. */
export const UNLISTED_PHOTO_GRACE_MS = 60 * 60_000;
/**
 * A trip edited this recently is left for a later pass: an Undo in a page still open may bring back the stop or
 * expense that listed a photo (a live delete leaves the photo to this sweep), and it should come back whole.
 */
export const UNLISTED_PHOTO_QUIET_MS = 24 * 60 * 60_000;
/**
 * Only trips whose document changed, or that got a photo, this recently are read: a photo stops being listed
 * only by such a change, and passes run far more often than this, so each pass reads few trips.
 */
export const UNLISTED_PHOTO_LOOKBACK_MS = 2 * 24 * 60 * 60_000;
export const UNLISTED_PHOTO_SWEEP_EVERY_MS = 6 * 60 * 60_000;

/** One pass; returns how many photos it deleted. A trip that fails is logged and left for the next pass. */
export async function unlistedPhotosSweeper(deps: PhotoWriteDeps & { dataSource: DataSource }, now: Date = new Date()): Promise<number> {
  const { dataSource, tripDocs, logger } = deps;
  const candidates: Array<{ tripId: string; ids: string[] }> = await dataSource.query(
    // A trip's last edit: its newest logged update, or its document's last write (greatest() skips a null).
    `SELECT p.trip_id AS "tripId", array_agg(p.id) AS ids
       FROM photos p
       CROSS JOIN LATERAL (SELECT greatest((SELECT max(u.created_at) FROM trip_doc_updates u WHERE u.trip_id = p.trip_id),
                                           (SELECT d.updated_at FROM trip_docs d WHERE d.trip_id = p.trip_id)) AS at) edited
      WHERE p.journal_entry_id IS NULL AND p.created_at < $1
        AND (p.created_at > $2 OR edited.at > $2)
        AND (edited.at IS NULL OR edited.at <= $3)
      GROUP BY p.trip_id`,
    [
      new Date(now.getTime() - UNLISTED_PHOTO_GRACE_MS),
      new Date(now.getTime() - UNLISTED_PHOTO_LOOKBACK_MS),
      new Date(now.getTime() - UNLISTED_PHOTO_QUIET_MS),
    ],
  );
  let deleted = 0;
  for (const { tripId, ids } of candidates) {
    try {
      // Under the trip's lock and caught up with every process's commits, as the REST door deletes them.
      const blobs = await tripDocs.write(tripId, serverOrigin(null), ({ doc, manager }) => unusedLegacyPhotosDeleter(manager, doc, tripId, ids));
      await photoBlobsDeleter(deps, blobs);
      deleted += blobs.length;
    } catch (err) {
      logger?.warn({ err, tripId }, 'sweeping unlisted photos failed');
    }
  }
  return deleted;
}
