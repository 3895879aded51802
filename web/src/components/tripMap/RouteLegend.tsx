/**
 * The route line's key, over the map: which kinds of leg are drawn (road, estimate, not known yet) and
 * whether any passes the daily driving limit, and each day's colour (up to the palette's length; the day picker
 * names every day), in words beside each swatch so colour is never the only cue.
 */
import { memo } from 'react';
import { formatDuration } from '@caravan/shared';
import { mapMessages } from '../../lib/messages/mapMessages.ts';
import { DAY_COLOURS, dayColour } from './dayColours.ts';
import { mapDayLabel, type MapDay } from './DayPicker.tsx';
import { legKind, type RouteSegment } from './routeGeometry.ts';
import type { ColourScheme } from './useColourScheme.ts';

const text = mapMessages;

interface Props {
  segments: RouteSegment[];
  dailyLimitMinutes: number;
  days?: readonly MapDay[];
  shownDay?: number | null;
  scheme?: ColourScheme;
}

export const RouteLegend = memo(function RouteLegend({ segments, dailyLimitMinutes, days, shownDay = null, scheme = 'light' }: Props) {
  const kinds = new Set(segments.map((segment) => legKind(segment.leg)));
  const overLimit = segments.filter((segment) => (segment.leg?.minutes ?? 0) > dailyLimitMinutes).length;
  const items = [
    kinds.has('road') && { key: 'road', label: text.legendRoad },
    kinds.has('estimate') && { key: 'estimate', label: text.legendEstimate },
    kinds.has('pending') && { key: 'pending', label: text.legendPending },
    overLimit > 0 && { key: 'over-limit', label: text.legendOverLimit(overLimit, formatDuration(dailyLimitMinutes)) },
  ].filter((item): item is { key: string; label: string; colour?: string } => Boolean(item));
  const listed = days && days.length <= DAY_COLOURS[scheme].length ? days.map((day, index) => ({ day, index })) : [];
  for (const { day, index } of listed) {
    if (shownDay === null || shownDay === index) items.push({ key: `day-${day.day}`, label: mapDayLabel(day), colour: dayColour(index, scheme) });
  }
  if (items.length === 0) return null;
  return (
    <ul className="route-legend" aria-label={text.legend}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={`route-swatch route-swatch-${item.key}`} style={item.colour ? { borderTopColor: item.colour } : undefined} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
});
