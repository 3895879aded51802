/**
 * An itinerary card's badges (docs/product.md#story): the planned arrival, the schedule status (Scheduled, Completed
 * or Overdue), the drive time from the previous stop ('~Xh Ym drive') and 'Leave by': the stop's scheduled arrival
 * minus the drive, which is the previous stop's departure, in that stop's time. The drive is the stop's current leg
 * (the view's stops come through withCurrentDrives); a drive over the trip's daily limit gets a badge that says so.
 * Above them, the stop's times, stay and warnings from the schedule.
 */
import {
  driveTimeBadge,
  formatDuration,
  localCalendarDate,
  plannedCalendarDate,
  scheduleStatus,
  overDailyLimit,
  scheduleStatusLabel,
  type TTripStop,
} from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { localDayTime, showZone } from '../itinerary/scheduleText.ts';
import { StopTimes } from '../itinerary/StopTimes.tsx';
import { StopDayWeather } from '../weather/StopDayWeather.tsx';
import { useStopTimes } from '../itinerary/useTripSchedule.ts';
import { useTripViewContext } from '../tripViewContext.ts';

const text = tripViewMessages;
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function StopBadges({ stop }: { stop: TTripStop }) {
  const { roadSettings } = useTripViewContext();
  const planned = plannedCalendarDate(stop.plannedArrivalDate);
  const status = scheduleStatus(stop, localCalendarDate());
  const statusLabel = scheduleStatusLabel(status);
  const drive = driveTimeBadge(stop.estimatedDriveMinutes);
  const times = useStopTimes(stop.id);
  const from = times?.previous;
  // Leave by = arrival minus the drive = the previous stop's departure, told in that stop's clock.
  const leave = from && drive ? localDayTime(from.departure, from.timeZone, showZone(from.departure, from.timeZone, null, viewerZone())) : null;
  return (
    <>
      {times && <StopTimes stop={times.stop} previous={times.previous} dayDate={times.dayDate} />}
      {times && <StopDayWeather stopId={stop.id} date={times.stop.date} zone={times.stop.timeZone} withArrival />}
      {(planned || drive) && (
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
          {leave && <span className="badge leave-badge">{text.leaveBy(leave)}</span>}
        </div>
      )}
    </>
  );
}
