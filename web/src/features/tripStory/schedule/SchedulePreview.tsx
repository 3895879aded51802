/** 'Schedule Preview': each stop with its arrival and departure, a Skip box and a custom stay in days. */
import type { ScheduledStop, TTripStop } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { MIN_STAY_DAYS, STAY_STEP_DAYS, type StopOverride } from './bulkOptions.ts';

const text = tripViewMessages;
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const day = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

interface Props {
  stops: TTripStop[];
  schedule: ScheduledStop[];
  overrides: Record<string, StopOverride | undefined>;
  defaultDuration: number;
  onOverride: (stopId: string, override: StopOverride) => void;
}

export function SchedulePreview({ stops, schedule, overrides, defaultDuration, onOverride }: Props) {
  const byStop = new Map(schedule.map((entry) => [entry.stopId, entry]));
  return (
    <section className="schedule-preview" aria-labelledby="schedule-preview-title">
      <h3 id="schedule-preview-title">{text.preview}</h3>
      {schedule.length === 0 && <p className="empty-text">{text.nothingToSchedule}</p>}
      <ol className="schedule-preview-list">
        {stops.map((stop) => {
          const override = overrides[stop.id] ?? { skip: false, customDuration: '' };
          const entry = byStop.get(stop.id);
          return (
            <li key={stop.id} className={override.skip ? 'skipped' : undefined} data-stop-id={stop.id}>
              <div className="schedule-preview-stop">
                <span className="schedule-preview-name">{stop.name}</span>
                {entry && (
                  <span className="small muted schedule-preview-dates">
                    <span>
                      {text.arrive}: <time dateTime={entry.arrival}>{day(entry.arrival)}</time>
                    </span>{' '}
                    <span>
                      {text.depart}: <time dateTime={entry.departure}>{day(entry.departure)}</time>
                    </span>
                  </span>
                )}
              </div>
              <label className="small schedule-skip">
                <input
                  type="checkbox"
                  checked={override.skip}
                  aria-label={text.skipLabel(stop.name)}
                  onChange={(event) => onOverride(stop.id, { ...override, skip: event.target.checked })}
                />
                {text.skip}
              </label>
              <input
                type="number"
                className="schedule-duration"
                min={MIN_STAY_DAYS}
                step={STAY_STEP_DAYS}
                inputMode="decimal"
                placeholder={text.defaultDurationPlaceholder(defaultDuration)}
                aria-label={text.customDurationLabel(stop.name)}
                value={override.customDuration}
                disabled={override.skip}
                onChange={(event) => onOverride(stop.id, { ...override, customDuration: event.target.value })}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
