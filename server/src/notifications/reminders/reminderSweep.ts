/**
 * The reminder sweep: every API process runs it at start and every REMINDER_SWEEP_EVERY_MS. It reads the trips
 * whose documents changed (./reminderScan.ts), stores the reminders due (./reminderChecks.ts: each once, whichever
 * process finds it first) and sends the daily digests due (../notificationDigest.ts). `now` is injected, so tests
 * move the clock instead of waiting.
 */
import { storeNotifications } from '@caravan/engine';
import { sendDueDigests, type DigestDeps } from '../notificationDigest.ts';
import { itemsDueTomorrow, pollsClosingSoon, settleUpReminders, tripsStartingTomorrow } from './reminderChecks.ts';
import { refreshReminderFacts, type ReminderScanDeps } from './reminderScan.ts';

export const REMINDER_SWEEP_EVERY_MS = 5 * 60_000;

export type ReminderSweepDeps = ReminderScanDeps & DigestDeps;

export interface SweepResult {
  tripsRead: number;
  reminders: number;
  digests: number;
}

export async function sweepReminders(deps: ReminderSweepDeps, now: Date = new Date()): Promise<SweepResult> {
  const tripsRead = await refreshReminderFacts(deps);
  const checks = [itemsDueTomorrow, tripsStartingTomorrow, pollsClosingSoon, settleUpReminders];
  let reminders = 0;
  for (const check of checks) {
    for (const { tripId, ...event } of await check(deps.dataSource, now)) {
      if (!('userIds' in event.to) || !event.to.userIds.length) continue;
      await storeNotifications(deps.dataSource.manager, tripId, event);
      reminders += 1;
    }
  }
  const digests = await sendDueDigests(deps, now);
  return { tripsRead, reminders, digests };
}

/** Sweeps now and every REMINDER_SWEEP_EVERY_MS until stopped. */
export function startReminderSweep(deps: ReminderSweepDeps): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running.then(() => sweepReminders(deps)).catch((err) => deps.logger.warn({ err }, 'the reminder sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, REMINDER_SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
