/** The map's day picker: every day, or one day alone (its legs and stops, the map fitted to them). */
import type { ScheduleDay } from '@caravan/shared';

export type MapDay = Pick<ScheduleDay, 'day' | 'date'>;

const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
export const mapDayLabel = (day: MapDay) => `Day ${day.day} · ${dateFormat.format(new Date(`${day.date}T00:00:00Z`))}`;

interface Props {
  days: readonly MapDay[];
  /** 0-based index into `days`, or null for all. */
  shown: number | null;
  onShow: (index: number | null) => void;
}

export function DayPicker({ days, shown, onShow }: Props) {
  return (
    <label className="map-day-picker">
      <span className="visually-hidden">Show on the map</span>
      <select value={shown ?? ''} onChange={(event) => onShow(event.target.value === '' ? null : Number(event.target.value))}>
        <option value="">All days</option>
        {days.map((day, index) => (
          <option key={day.day} value={index}>
            {mapDayLabel(day)}
          </option>
        ))}
      </select>
    </label>
  );
}
