/**
 * The stop the group heads for next: when to leave (counting down, re-timed by every arrival and delay), the drive,
 * the weather there (with its credit), the hand-off to a navigation app, and for owners and editors "We're here" and
 * "We're running late by…".
 */
import type { TimedStop, TTripStop } from '@caravan/shared';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { localTime } from '../itinerary/scheduleText.ts';
import { StopDayWeather } from '../weather/StopDayWeather.tsx';
import { LegLinks } from './LegLinks.tsx';
import { todayMessages as text } from './messages.ts';
import { RunningLate } from './RunningLate.tsx';
import { TodayWeatherCredit } from './TodayWeather.tsx';
import { countdownText, shortDuration } from './todayText.ts';

interface Props {
  next: TimedStop;
  stop: TTripStop;
  from: TTripStop | null;
  nowMs: number;
  /** Null when the viewer may only look. */
  actions: {
    busy: boolean;
    onHere: () => void;
    onDelay: (delayMinutes: number | null) => void;
    instantAt: (time: string) => number;
  } | null;
}

export function NextStop({ next, stop, from, nowMs, actions }: Props) {
  const unit = useDistanceUnit();
  const delay = stop.delayMinutes ?? 0;
  const leaveByMs = next.leaveBy ? Date.parse(next.leaveBy) : null;
  return (
    <article className="today-next" aria-labelledby="today-next-title" data-stop-id={stop.id}>
      <p className="today-eyebrow">{text.next}</p>
      <h3 id="today-next-title">{stop.name}</h3>
      {from && <p className="hint">{text.from(from.name)}</p>}
      {leaveByMs !== null && next.leaveBy && (
        <p className="today-leave-by">
          <strong data-testid="today-leave-by">{text.leaveBy(localTime(next.leaveBy, next.timeZone))}</strong>{' '}
          <span className="today-countdown">{countdownText(leaveByMs, nowMs)}</span>
        </p>
      )}
      <p role="status" className="today-delay">
        {delay > 0 ? text.delayed(delay) : ''}
      </p>
      <ul className="today-facts">
        <li>{text.arrive(localTime(next.arrival, next.timeZone))}</li>
        {next.driveMinutes > 0 && (
          <li>{text.drive(shortDuration(next.driveMinutes), next.distanceKm === null ? null : formatDistanceIn(next.distanceKm, unit))}</li>
        )}
      </ul>
      <StopDayWeather stopId={stop.id} date={next.date} zone={next.timeZone} withArrival />
      <TodayWeatherCredit stopId={stop.id} date={next.date} />
      <LegLinks from={from} to={stop} />
      {actions && (
        <div className="today-actions">
          <button type="button" className="button primary today-here" aria-label={text.weAreHereAt(stop.name)} disabled={actions.busy} onClick={actions.onHere}>
            {text.weAreHere}
          </button>
          <RunningLate next={next} delayMinutes={delay} instantAt={actions.instantAt} onDelay={actions.onDelay} busy={actions.busy} />
        </div>
      )}
    </article>
  );
}
