/**
 * The reminder sweep: every API process runs it at start and every REMINDER_SWEEP_EVERY_MS. It reads the trips
 * whose documents changed (./reminderScan.ts), stores the reminders due (./reminderChecks.ts: each once, whichever
 * process finds it first), sends the daily digests due (../notificationDigest.ts) and forgets notifications older than
 * NOTIFICATION_KEEP_DAYS (a member's list, and its grouping, stay the size of a season). `now` is injected, so tests
 * move the clock instead of waiting.
 */
import type { DataSource } from 'typeorm';
import { storeNotifications } from '@caravan/engine';
import { sendDueDigests, type DigestDeps } from '../notificationDigest.ts';
import { itemsDueTomorrow, pollsClosingSoon, settleUpReminders, tripsStartingTomorrow, type TripEvent } from './reminderChecks.ts';
import { refreshReminderFacts, type ReminderScanDeps } from './reminderScan.ts';

export const REMINDER_SWEEP_EVERY_MS = 5 * 60_000;
export const NOTIFICATION_KEEP_DAYS = 90;
/** Deleted per sweep at most: a first sweep over years of them takes a few sweeps, never one long statement. */
const PRUNE_BATCH = 10_000;

export type ReminderSweepDeps = ReminderScanDeps & DigestDeps;

export interface SweepResult {
  tripsRead: number;
  reminders: number;
  digests: number;
  forgotten: number;
}

export async function sweepReminders(deps: ReminderSweepDeps, now: Date = new Date()): Promise<SweepResult> {
  const tripsRead = await refreshReminderFacts(deps);
  const checks = [itemsDueTomorrow, tripsStartingTomorrow, pollsClosingSoon, settleUpReminders];
  let reminders = 0;
  for (const check of checks) {
    for (const { tripId, ...event } of await notYetStored(deps.dataSource, await check(deps.dataSource, now))) {
      await storeNotifications(deps.dataSource.manager, tripId, event);
      reminders += 1;
    }
  }
  const digests = await sendDueDigests(deps, now);
  const [, forgotten]: [unknown, number] = await deps.dataSource.query(
    `DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE created_at < $1::timestamptz - make_interval(days => $2) LIMIT $3)`,
    [now, NOTIFICATION_KEEP_DAYS, PRUNE_BATCH],
  );
  return { tripsRead, reminders, digests, forgotten };
}

/**
 * The events left with only the recipients not yet told: a reminder stays due all day (or all week), so most sweeps
 * find ones already stored, and one read spares an insert per reminder.
 */
async function notYetStored(dataSource: DataSource, events: TripEvent[]): Promise<TripEvent[]> {
  if (!events.length) return [];
  const stored: Array<{ source_id: string; user_id: number }> = await dataSource.query(
    `SELECT source_id, user_id FROM notifications WHERE source_id = ANY($1::uuid[])`,
    [events.map((event) => event.sourceId)],
  );
  const told = new Set(stored.map((row) => `${row.source_id}:${row.user_id}`));
  return events.flatMap((event) => {
    const userIds = 'userIds' in event.to ? event.to.userIds.filter((id) => !told.has(`${event.sourceId}:${id}`)) : [];
    return userIds.length ? [{ ...event, to: { userIds } }] : [];
  });
}

/** Sweeps now and every REMINDER_SWEEP_EVERY_MS until stopped. */
export function startReminderSweep(deps: ReminderSweepDeps): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const closing = new AbortController();
  const sweep = () => {
    running = running
      .then(() => (closing.signal.aborted ? undefined : sweepReminders({ ...deps, signal: closing.signal })))
      .catch((err) => deps.logger.warn({ err }, 'the reminder sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, REMINDER_SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      closing.abort();
      await running;
    },
  };
}
