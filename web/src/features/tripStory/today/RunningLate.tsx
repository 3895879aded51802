/**
 * "We're running late by…": 15, 30 or 60 minutes more, or the time the group will now get to the next stop; each
 * re-times the rest of the day for every member. "Back on time" clears the delay.
 */
import { useState, type FormEvent } from 'react';
import type { TimedStop } from '@caravan/shared';
import { localTime } from '../itinerary/scheduleText.ts';
import { todayMessages as text } from './messages.ts';
import { delayForArrival } from './todayText.ts';

const CHOICES = [15, 30, 60] as const;

interface Props {
  next: TimedStop;
  /** The delay the next stop holds now (0: none). */
  delayMinutes: number;
  /** The instant of `HH:MM` on the next stop's day in its zone. */
  instantAt: (time: string) => number;
  onDelay: (delayMinutes: number | null) => void;
  busy: boolean;
}

export function RunningLate({ next, delayMinutes, instantAt, onDelay, busy }: Props) {
  const [arrival, setArrival] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{2}:\d{2}$/.test(arrival)) return;
    onDelay(delayForArrival(instantAt(arrival), next.arrivalMs, delayMinutes));
  };
  return (
    <div className="today-late">
      <fieldset className="today-late-choices" disabled={busy}>
        <legend>{text.runningLate}</legend>
        {CHOICES.map((minutes) => (
          <button key={minutes} type="button" className="button small" aria-label={text.lateByLabel(minutes)} onClick={() => onDelay(delayMinutes + minutes)}>
            {text.lateBy(minutes)}
          </button>
        ))}
        {delayMinutes > 0 && (
          <button type="button" className="button small secondary" onClick={() => onDelay(null)}>
            {text.onTime}
          </button>
        )}
      </fieldset>
      <form className="today-arrival-form" onSubmit={submit}>
        <label>
          {text.arriveAtLabel}
          <input type="time" value={arrival} onChange={(event) => setArrival(event.target.value)} placeholder={localTime(next.arrival, next.timeZone)} />
        </label>
        <button type="submit" className="button small" disabled={busy || arrival === ''}>
          {text.setArrival}
        </button>
      </form>
    </div>
  );
}
