/**
 * Keeps `reminder_facts` current: the trips whose document changed since the sweep last read it (its
 * `trip_docs.last_update_id` past `reminder_scans.scanned_through`) are read again. A trip is
 * read under a transaction-scoped advisory lock, so two processes never rewrite one trip's facts at once (the other
 * skips it); a trip read while being written is read again by the next sweep.
 */
import type { DataSource } from 'typeorm';
import { tripDocOf, type Logger, type TripDocHub } from '@caravan/engine';
import { reminderFactsOf } from './reminderFacts.ts';

const BATCH = 200;
/** How long one sweep may spend reading trips: a first start after an upgrade reads every trip over several sweeps. */
const READ_BUDGET_MS = 20_000;

export interface ReminderScanDeps {
  dataSource: DataSource;
  tripDocs: TripDocHub;
  logger: Pick<Logger, 'warn'>;
  /** Aborted when the server closes: the trip in hand is finished, the rest wait for the next start. */
  signal?: AbortSignal;
}

/** Refreshes the facts of changed trips, batch after batch within the budget; answers how many trips it read. */
export async function refreshReminderFacts({ dataSource, tripDocs, logger, signal }: ReminderScanDeps): Promise<number> {
  const started = Date.now();
  // Each trip once per sweep: one written again meanwhile, or locked by another process, waits for the next.
  const seen = new Set<string>();
  let read = 0;
  while (Date.now() - started < READ_BUDGET_MS && !signal?.aborted) {
    const changed: Array<{ trip_id: string }> = await dataSource.query(
      `SELECT d.trip_id FROM trip_docs d LEFT JOIN reminder_scans s ON s.trip_id = d.trip_id
        WHERE (s.trip_id IS NULL OR s.scanned_through < d.last_update_id) AND NOT (d.trip_id = ANY($1::uuid[]))
        LIMIT ${BATCH}`,
      [[...seen]],
    );
    for (const { trip_id: tripId } of changed) {
      if (signal?.aborted) break;
      seen.add(tripId);
      try {
        if (await refreshTrip(dataSource, tripDocs, tripId)) read += 1;
      } catch (err) {
        // Left for the next sweep; the others go on.
        logger.warn({ err, tripId }, 'reading a trip for reminders failed');
      }
    }
    if (changed.length < BATCH) break;
  }
  return read;
}

async function refreshTrip(dataSource: DataSource, tripDocs: TripDocHub, tripId: string): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const [lock]: Array<{ locked: boolean }> = await manager.query(`SELECT pg_try_advisory_xact_lock(hashtext('reminder_scan:' || $1)) AS locked`, [tripId]);
    if (!lock.locked) return false;
    const [doc]: Array<{ last_update_id: string }> = await manager.query(`SELECT last_update_id FROM trip_docs WHERE trip_id = $1`, [tripId]);
    const updates = doc && (await tripDocs.storedUpdates(tripId, manager));
    if (!updates) return false;
    const ydoc = tripDocOf(updates);
    const facts = reminderFactsOf(ydoc, tripId);
    ydoc.destroy();
    await manager.query(`DELETE FROM reminder_facts WHERE trip_id = $1`, [tripId]);
    if (facts.length) {
      await manager.query(
        `INSERT INTO reminder_facts (trip_id, kind, subject_id, user_id, due_date, closes_at, voters, data)
         SELECT $1, f.kind, f.subject_id, f.user_id, f.due_date, f.closes_at, f.voters, f.data
           FROM jsonb_to_recordset($2::jsonb) AS f(kind text, subject_id text, user_id int, due_date date, closes_at timestamptz,
                voters int[], data jsonb)`,
        [
          tripId,
          JSON.stringify(
            facts.map((each) => ({
              kind: each.kind,
              subject_id: each.subjectId,
              user_id: each.userId,
              due_date: each.dueDate,
              closes_at: each.closesAt,
              voters: `{${each.voters.join(',')}}`,
              data: each.data,
            })),
          ),
        ],
      );
    }
    await manager.query(
      `INSERT INTO reminder_scans (trip_id, scanned_through) VALUES ($1, $2)
       ON CONFLICT (trip_id) DO UPDATE SET scanned_through = EXCLUDED.scanned_through`,
      [tripId, doc.last_update_id],
    );
    return true;
  });
}
