/**
 * A stop's place in the day on its itinerary card: when we get there, wait, visit and leave in its local time (the
 * zone named when it differs from the stop before or the viewer's), and its warnings in words.
 */
import type { TimedStop } from '@caravan/shared';
import { useTripViewStops } from '../tripViewContext.ts';
import { stopTimesText, stopWarningText } from './scheduleText.ts';
import { ScheduleWarnings } from './ScheduleWarnings.tsx';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function StopTimes({ stop, previous, dayDate }: { stop: TimedStop; previous: TimedStop | null; dayDate: string }) {
  const stops = useTripViewStops();
  const nameOf = (id: string) => stops.find((candidate) => candidate.id === id)?.name ?? '';
  return (
    <>
      <p className="stop-times">{stopTimesText({ stop, previous, dayDate, viewerZone: viewerZone() })}</p>
      <ScheduleWarnings texts={stop.warnings.map((warning) => stopWarningText(warning, { nameOf, zone: stop.timeZone }))} />
    </>
  );
}
