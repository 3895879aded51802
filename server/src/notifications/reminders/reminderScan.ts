/**
 * Keeps `reminder_facts` current: the trips whose document changed since the sweep last read it (its
 * `trip_docs.last_update_id` past `reminder_scans.scanned_through`) are read again, a batch per sweep. A trip is
 * read under a transaction-scoped advisory lock, so two processes never rewrite one trip's facts at once (the other
 * skips it); a trip read while being written is read again by the next sweep.
 */
import type { DataSource } from 'typeorm';
import { tripDocOf, type Logger, type TripDocHub } from '@caravan/engine';
import { reminderFactsOf } from './reminderFacts.ts';

const TRIPS_PER_SWEEP = 200;

export interface ReminderScanDeps {
  dataSource: DataSource;
  tripDocs: TripDocHub;
  logger: Pick<Logger, 'warn'>;
}

/** Refreshes the facts of changed trips; answers how many trips it read. */
export async function refreshReminderFacts({ dataSource, tripDocs, logger }: ReminderScanDeps): Promise<number> {
  const changed: Array<{ trip_id: string }> = await dataSource.query(
    `SELECT d.trip_id FROM trip_docs d LEFT JOIN reminder_scans s ON s.trip_id = d.trip_id
      WHERE s.trip_id IS NULL OR s.scanned_through < d.last_update_id
      LIMIT ${TRIPS_PER_SWEEP}`,
  );
  let read = 0;
  for (const { trip_id: tripId } of changed) {
    try {
      if (await refreshTrip(dataSource, tripDocs, tripId)) read += 1;
    } catch (err) {
      logger.warn({ err, tripId }, 'reading a trip for reminders failed');
    }
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
