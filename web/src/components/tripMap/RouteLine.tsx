/**
 * The route (docs/product.md#map): in route mode with more than one located stop, a line through the stops
 * in trip order, each leg drawn as its road, a great-circle arc (an estimate) or, while not known yet, a
 * dashed straight segment. Legs over the daily driving limit are drawn wider in a warning colour. A trip of more
 * than one day is coloured by day (./dayColours.ts), and can show one day alone.
 *
 * A long trip's road lines are tens of thousands of points, and handing all of them to the map's worker
 * takes longer than a frame; so once the map has the source, a change sends only the legs that changed
 * (MapLibre's updateData), and the Source keeps the data it was created with.
 *
 * A reorder first makes its new legs "not known yet", and the server's legs follow a moment later. Drawing
 * both states redraws the map twice (each redraw is a frame with a tile reload), so a change that only adds
 * unknown legs waits up to PENDING_GRACE_MS for them: the line then changes once, straight to the new roads,
 * in one frame (see ./skipStaleFrame.ts).
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { DAY_COLOURS } from './dayColours.ts';
import { useMapKit } from './mapKit.ts';
import { routeDiff, routeFeatures, type RouteFeatures, type RouteSegment } from './routeGeometry.ts';
import { skipStaleFrame } from './skipStaleFrame.ts';
import type { ColourScheme } from './useColourScheme.ts';

export const ROUTE_COLOUR = '#bf5520';
export const OVER_LIMIT_COLOUR = '#b42318';
const SOURCE_ID = 'trip-route';
/** How long a line with legs not known yet waits for them before it is drawn dashed. */
const PENDING_GRACE_MS = 1000;

const hasPending = (data: RouteFeatures) => data.features.some((feature) => feature.properties.kind === 'pending');
const overLimit: ExpressionSpecification = ['==', ['get', 'overLimit'], true];

/** The line's colour: by day when `byDay`, else the one route colour. */
function lineColour(byDay: boolean, scheme: ColourScheme): ExpressionSpecification | string {
  if (!byDay) return ROUTE_COLOUR;
  const palette = DAY_COLOURS[scheme];
  const stops = palette.flatMap((colour, index) => [index, colour]);
  return ['match', ['%', ['max', ['get', 'dayIndex'], 0], palette.length], ...stops, ROUTE_COLOUR] as unknown as ExpressionSpecification;
}

interface Props {
  segments: RouteSegment[];
  dailyLimitMinutes: number;
  /** Colour the legs by their day. */
  byDay?: boolean;
  scheme?: ColourScheme;
  /** Draw only this day's legs (0-based); null: every day. */
  shownDay?: number | null;
}

export const RouteLine = memo(function RouteLine({ segments, dailyLimitMinutes, byDay = false, scheme = 'light', shownDay = null }: Props) {
  const { Source, Layer, useMap, geoJsonDiffs } = useMapKit();
  const map = useMap().current;
  const data = useMemo(() => routeFeatures(segments, dailyLimitMinutes), [segments, dailyLimitMinutes]);
  // `created`: what the Source is given (it makes the map's source from it); `held`: what that source draws now.
  const created = useRef<RouteFeatures>(data);
  const held = useRef<RouteFeatures>(data);
  if (!map?.getSource(SOURCE_ID)) {
    created.current = data;
    held.current = data;
  }
  useEffect(() => {
    const source = map?.getSource<GeoJSONSource>(SOURCE_ID);
    if (!source || held.current === data) return;
    const draw = () => {
      if (geoJsonDiffs) {
        // MapLibre (the kit with diffs): its first frame after the update would draw the old tiles again.
        skipStaleFrame(map!.getMap() as unknown as MapLibreMap, SOURCE_ID);
        void source.updateData(routeDiff(held.current, data));
      } else void source.setData(data);
      held.current = data;
    };
    if (!hasPending(data)) return draw();
    // A newer route (the legs arriving) clears this timer and draws at once.
    const timer = setTimeout(draw, PENDING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [map, data, geoJsonDiffs]);

  return (
    <Source id={SOURCE_ID} type="geojson" data={created.current}>
      <Layer
        id="trip-route-line"
        type="line"
        filter={shownDay === null ? ['!=', ['get', 'kind'], 'pending'] : ['all', ['!=', ['get', 'kind'], 'pending'], ['==', ['get', 'dayIndex'], shownDay]]}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{
          'line-color': ['case', overLimit, OVER_LIMIT_COLOUR, lineColour(byDay, scheme)],
          'line-width': ['case', overLimit, 6, 4],
          // An estimate is a guess at the road, drawn lighter than the road itself.
          'line-opacity': ['match', ['get', 'kind'], 'estimate', 0.6, 0.85],
        }}
      />
      <Layer
        id="trip-route-pending"
        type="line"
        filter={shownDay === null ? ['==', ['get', 'kind'], 'pending'] : ['all', ['==', ['get', 'kind'], 'pending'], ['==', ['get', 'dayIndex'], shownDay]]}
        paint={{ 'line-color': ROUTE_COLOUR, 'line-width': 3, 'line-opacity': 0.7, 'line-dasharray': [2, 2] }}
      />
    </Source>
  );
});
