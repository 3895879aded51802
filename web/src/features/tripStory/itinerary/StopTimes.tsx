/**
 * A stop's place in the day on its itinerary card: when we get there and leave in its local time (the zone named
 * when it differs from the stop before or the viewer's), the wait and the stay, and its warnings in words.
 */
import { formatDuration, type TimedStop } from '@caravan/shared';
import { useTripViewStops } from '../tripViewContext.ts';
import { localDayTime, localTime, showZone, stopWarningText } from './scheduleText.ts';
import { ScheduleWarnings } from './ScheduleWarnings.tsx';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function StopTimes({ stop, previous }: { stop: TimedStop; previous: TimedStop | null }) {
  const stops = useTripViewStops();
  const nameOf = (id: string) => stops.find((candidate) => candidate.id === id)?.name ?? '';
  const withZone = showZone(stop.arrival, stop.timeZone, previous?.timeZone ?? null, viewerZone());
  const arrive = localTime(stop.arrival, stop.timeZone, withZone);
  // An overnight stop is left on a later day: its departure names the day.
  const nextDay = stop.departure.slice(0, 10) !== stop.arrival.slice(0, 10);
  const leave = nextDay ? localDayTime(stop.departure, stop.timeZone, withZone) : localTime(stop.departure, stop.timeZone);
  const parts = [
    previous ? `Arrive ${arrive}` : `Set off ${arrive}`,
    stop.waitMinutes > 0 ? `wait ${formatDuration(stop.waitMinutes)}` : null,
    previous && stop.stayMinutes > 0 ? `stay ${formatDuration(stop.stayMinutes)}` : null,
    previous && stop.departureMs !== stop.arrivalMs ? `leave ${leave}` : null,
  ].filter(Boolean);
  return (
    <>
      <p className="stop-times">{parts.join(' · ')}</p>
      <ScheduleWarnings texts={stop.warnings.map((warning) => stopWarningText(warning, { nameOf, zone: stop.timeZone }))} />
    </>
  );
}
