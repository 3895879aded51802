/**
 * Where the map marks the car's range running out (shared/src/range/: the schedule's day warnings): the point
 * `fraction` of the way along the line the leg is drawn as (its road, its arc, or straight), so the mark sits on
 * the route the group will drive, in the day it is driven.
 */
import { hasPosition, haversineKm, rangeRunsOutText, type DayWarning, type DistanceUnit } from '@caravan/shared';
import type { LatLng } from './geo.ts';
import type { MapStop } from './mapData.ts';
import { segmentLine, type RouteSegment } from './routeGeometry.ts';

export interface RangeMark extends LatLng {
  id: string;
  /** 'Range runs out 40 km after Eureka', in the reader's unit. */
  label: string;
  /** The day (0-based) the leg is driven on. */
  dayIndex: number;
  /** The warning it marks (what the page offers there is for it). */
  runOut: RunOut;
}

export type RunOut = Extract<DayWarning, { kind: 'rangeRunsOut' }>;

/** The point `fraction` (0–1) of the way along a line of [longitude, latitude] positions, by length. */
export function pointAlong(positions: ReadonlyArray<readonly number[]>, fraction: number): LatLng {
  const points = positions.map(([longitude, latitude]) => ({ latitude, longitude }));
  const lengths = points.slice(1).map((point, index) => haversineKm(points[index], point));
  let left = lengths.reduce((sum, length) => sum + length, 0) * Math.min(1, Math.max(0, fraction));
  for (let index = 0; index < lengths.length; index++) {
    if (left <= lengths[index] && lengths[index] > 0) {
      const share = left / lengths[index];
      const [a, b] = [points[index], points[index + 1]];
      return { latitude: a.latitude + (b.latitude - a.latitude) * share, longitude: a.longitude + (b.longitude - a.longitude) * share };
    }
    left -= lengths[index];
  }
  return points[points.length - 1];
}

/** One mark per run-out of `days` whose leg is on the map (both ends located). */
export function rangeMarks(
  days: ReadonlyArray<{ warnings?: readonly DayWarning[] }>,
  stops: readonly MapStop[],
  segments: readonly RouteSegment[],
  unit: DistanceUnit,
): RangeMark[] {
  const located = stops.filter(hasPosition);
  const names = new Map(stops.map((stop) => [stop.id, stop.name]));
  return days.flatMap((day, dayIndex) =>
    (day.warnings ?? [])
      .filter((warning): warning is RunOut => warning.kind === 'rangeRunsOut')
      .flatMap((runOut) => {
        // Segments join consecutive located stops: the leg to the stop not reached is the one from the stop left.
        const index = located.findIndex((stop, at) => at > 0 && stop.id === runOut.stopId && located[at - 1].id === runOut.afterStopId) - 1;
        const segment = segments[index];
        if (index < 0 || !segment) return [];
        const line = segmentLine(segment);
        const positions = line.type === 'LineString' ? line.coordinates : line.coordinates.flat();
        const at = pointAlong(positions, runOut.fraction);
        return [{ id: `range-${index}`, ...at, label: rangeRunsOutText(runOut.kmAfter, names.get(runOut.afterStopId) ?? '', unit), dayIndex, runOut }];
      }),
  );
}
