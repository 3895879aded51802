/**
 * Auto-schedule with "Count drive time", as the worker pool (../heavyWork/) runs it: reading the trip's document
 * from its stored bytes and walking its itinerary's days, a thousand stops' worth of CPU kept off the request loop.
 * Plain data in and out; tripAutoScheduler.ts writes the dates.
 */
import { autoSchedule, orderedStops, readMeta, type ScheduledStop } from '@caravan/shared';
import { tripDocOf } from '@caravan/engine/tasks';

export interface AutoScheduleTask {
  /** The trip's document as stored (engine/src/tripDocs/storedUpdates.ts). */
  updates: Uint8Array[];
  /** 'YYYY-MM-DD' */
  startDate: string;
  defaultStayDurationDays: number;
}

export function autoScheduleTask({ updates, startDate, defaultStayDurationDays }: AutoScheduleTask): ScheduledStop[] {
  const doc = tripDocOf(updates);
  try {
    return autoSchedule(orderedStops(doc), startDate, defaultStayDurationDays, { countDriveTime: { trip: readMeta(doc) } });
  } finally {
    doc.destroy();
  }
}
