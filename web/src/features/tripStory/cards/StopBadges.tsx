/**
 * An itinerary card's badges (docs/product.md#story): the planned arrival, the schedule status (Scheduled, Completed
 * or Overdue), the drive time from the previous stop ('~Xh Ym drive') and 'Leave by': the planned date at the
 * trip's arrival time of day, minus the drive. The drive is the stop's current leg (the view's stops come
 * through withCurrentDrives); a drive over the trip's daily limit gets a badge that says so.
 */
import {
  driveTimeBadge,
  formatDuration,
  leaveBy,
  localCalendarDate,
  plannedCalendarDate,
  scheduleStatus,
  overDailyLimit,
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
      {drive && (
        <span className="badge drive-badge" title={stop.driveLeg?.source === 'great-circle' ? text.estimatedStraightLine : undefined}>
          {drive}
        </span>
      )}
      {overDailyLimit(stop.estimatedDriveMinutes, roadSettings.dailyDriveLimitMinutes) && (
        <span className="badge over-limit-badge">
          <span aria-hidden="true">⚠ </span>
          {text.overDailyLimit(formatDuration(roadSettings.dailyDriveLimitMinutes))}
        </span>
      )}
      {leave && <span className="badge leave-badge">{text.leaveBy(leaveFormat.format(new Date(`${leave.date}T${leave.time}:00Z`)))}</span>}
    </div>
  );
}
