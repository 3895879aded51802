/**
 * An itinerary card's badges (SPEC-2 §2.7): the planned arrival, the schedule status (Scheduled, Completed
 * or Overdue), the drive time from the previous stop ('~Xh Ym drive') and 'Leave by': the planned date at the
 * trip's arrival time of day, minus the drive.
 */
import {
  driveTimeBadge,
  leaveBy,
  localCalendarDate,
  plannedCalendarDate,
  scheduleStatus,
  scheduleStatusLabel,
  type TTripStop,
} from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { useTripViewContext } from '../tripViewContext.ts';

const text = tripViewMessages;
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const leaveFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

export function StopBadges({ stop }: { stop: TTripStop }) {
  const { roadSettings } = useTripViewContext();
  const planned = plannedCalendarDate(stop.plannedArrivalDate);
  const status = scheduleStatus(stop, localCalendarDate());
  const statusLabel = scheduleStatusLabel(status);
  const drive = driveTimeBadge(stop.estimatedDriveMinutes);
  const leave = leaveBy(stop.plannedArrivalDate, stop.estimatedDriveMinutes, roadSettings.arrivalTime);
  if (!planned && !drive) return null;
  return (
    <div className="stop-badges">
      {planned && <span className="badge">{text.plannedFor(dayFormat.format(new Date(`${planned}T00:00:00Z`)))}</span>}
      {statusLabel && <span className={`badge schedule-${status}`}>{statusLabel}</span>}
      {drive && <span className="badge drive-badge">{drive}</span>}
      {leave && <span className="badge leave-badge">{text.leaveBy(leaveFormat.format(new Date(`${leave.date}T${leave.time}:00Z`)))}</span>}
    </div>
  );
}
