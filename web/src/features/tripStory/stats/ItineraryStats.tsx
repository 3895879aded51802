/**
 * 'Itinerary Stats' (docs/product.md#itinerary): trip duration, driving time, stops visited, schedule adherence
 * and the driving / staying breakdown, from the shared stats logic; Export downloads itinerary.txt. Driving time is
 * the sum of the stops' current legs (the view's stops come through withCurrentDrives), and a Total Distance
 * card adds up their road distance. The file carries each stop's times from the trip's schedule, as the itinerary shows it.
 */
import { useId } from 'react';
import { formatDistanceIn, useDistanceUnit } from '../../../lib/distanceUnit.ts';
import {
  formatDuration,
  ITINERARY_EXPORT_FILENAME,
  itineraryStats,
  itineraryText,
  totalLegDistanceKm,
  type Schedule,
  type TTripStop,
} from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { downloadText } from './downloadText.ts';

const text = tripViewMessages;

/** `schedule`: the itinerary's own, of the same stops. */
export function ItineraryStats({ title, stops, schedule }: { title: string; stops: TTripStop[]; schedule: Schedule }) {
  const unit = useDistanceUnit();
  const id = useId();
  const download = () => downloadText(ITINERARY_EXPORT_FILENAME, itineraryText(title, stops, schedule, unit));
  const stats = itineraryStats(stops);
  const total = stats.totalDrivingMinutes + stats.totalStayMinutes;
  const drivingShare = total > 0 ? Math.round((stats.totalDrivingMinutes / total) * 100) : 0;
  const stayingShare = total > 0 ? 100 - drivingShare : 0;

  return (
    <section className="card itinerary-stats" aria-labelledby={`${id}-title`}>
      <div className="section-header">
        <h3 id={`${id}-title`}>{text.statsTitle}</h3>
        <button type="button" className="button small" onClick={download}>
          {text.export}
        </button>
      </div>
      <dl className="stat-cards">
        <div className="stat-card">
          <dt>{text.totalDuration}</dt>
          <dd>{text.days(stats.tripDurationDays)}</dd>
        </div>
        <div className="stat-card">
          <dt>{text.totalDriving}</dt>
          <dd>{formatDuration(stats.totalDrivingMinutes)}</dd>
        </div>
        <div className="stat-card">
          <dt>{text.totalDistance}</dt>
          <dd>{formatDistanceIn(totalLegDistanceKm(stops), unit)}</dd>
        </div>
        <div className="stat-card">
          <dt>{text.stopsVisited}</dt>
          <dd>{text.visitedOf(stats.visitedCount, stats.totalStops)}</dd>
        </div>
        <div className="stat-card">
          <dt>{text.adherence}</dt>
          <dd>{text.percent(stats.adherencePercent)}</dd>
        </div>
      </dl>
      <div className="time-breakdown">
        <h4>{text.breakdown}</h4>
        <div className="breakdown-bar" role="img" aria-label={`${text.driving} ${drivingShare}%, ${text.staying} ${stayingShare}%`}>
          <span className="breakdown-driving" style={{ width: `${drivingShare}%` }} />
          <span className="breakdown-staying" style={{ width: `${stayingShare}%` }} />
        </div>
        <p className="breakdown-legend small">
          <span className="legend-driving">
            {text.driving}: {formatDuration(stats.totalDrivingMinutes)}
          </span>
          <span className="legend-staying">
            {text.staying}: {formatDuration(stats.totalStayMinutes)}
          </span>
        </p>
      </div>
    </section>
  );
}
