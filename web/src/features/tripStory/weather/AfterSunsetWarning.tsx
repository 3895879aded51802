/** A day header's warning that its drive arrives in the dark (after sunset or before sunrise), when the trip's owner asked for it (Road Settings). */
import { driveAfterSunset, hasPosition, type ScheduleDay, type TimedStop } from '@caravan/shared';
import { ScheduleWarnings } from '../itinerary/ScheduleWarnings.tsx';
import { localTime } from '../itinerary/scheduleText.ts';
import { useTripViewContext } from '../tripViewContext.ts';
import { weatherMessages as text } from './messages.ts';
import { useWeatherContext } from './weatherContext.ts';

export function AfterSunsetWarning({ day, timed }: { day: ScheduleDay; timed: (stopId: string) => TimedStop | undefined }) {
  const { roadSettings } = useTripViewContext();
  const weather = useWeatherContext();
  if (!roadSettings.warnAfterSunset || !weather) return null;
  const positionOf = (stopId: string) => {
    const stop = weather.stopsById.get(stopId);
    return stop && hasPosition(stop) ? { latitude: stop.latitude!, longitude: stop.longitude! } : null;
  };
  const late = driveAfterSunset(day, timed, positionOf);
  if (!late) return null;
  const name = weather.stopsById.get(late.stopId)?.name ?? '';
  return <ScheduleWarnings texts={[text.darkDrive(name, localTime(late.arrivalMs, late.timeZone), late.dark, localTime(late.sunMs, late.timeZone))]} />;
}
