/**
 * The route line's key, over the map: which kinds of leg are drawn (road, estimate, not known yet) and
 * whether any passes the daily driving limit, in words beside each swatch so colour is never the only cue.
 */
import { memo } from 'react';
import { formatDuration } from '@caravan/shared';
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { legKind, type RouteSegment } from './routeGeometry.ts';

const text = mapMessages;

export const RouteLegend = memo(function RouteLegend({ segments, dailyLimitMinutes }: { segments: RouteSegment[]; dailyLimitMinutes: number }) {
  const kinds = new Set(segments.map((segment) => legKind(segment.leg)));
  const overLimit = segments.filter((segment) => (segment.leg?.minutes ?? 0) > dailyLimitMinutes).length;
  const items = [
    kinds.has('road') && { key: 'road', label: text.legendRoad },
    kinds.has('estimate') && { key: 'estimate', label: text.legendEstimate },
    kinds.has('pending') && { key: 'pending', label: text.legendPending },
    overLimit > 0 && { key: 'over-limit', label: text.legendOverLimit(overLimit, formatDuration(dailyLimitMinutes)) },
  ].filter((item): item is { key: string; label: string } => Boolean(item));
  if (items.length === 0) return null;
  return (
    <ul className="route-legend" aria-label={text.legend}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={`route-swatch route-swatch-${item.key}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
});
