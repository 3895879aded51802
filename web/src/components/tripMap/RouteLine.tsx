/**
 * The route (SPEC-2 §2.2, issue 20): in route mode with more than one located stop, a line through the stops
 * in trip order, each leg drawn as its road, a great-circle arc (an estimate) or, while not known yet, a
 * dashed straight segment. Legs over the daily driving limit are drawn wider in a warning colour.
 */
import { memo, useMemo } from 'react';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useMapKit } from './mapKit.ts';
import { routeFeatures, type RouteSegment } from './routeGeometry.ts';

export const ROUTE_COLOUR = '#bf5520';
export const OVER_LIMIT_COLOUR = '#b42318';

const overLimit: ExpressionSpecification = ['==', ['get', 'overLimit'], true];

export const RouteLine = memo(function RouteLine({ segments, dailyLimitMinutes }: { segments: RouteSegment[]; dailyLimitMinutes: number }) {
  const { Source, Layer } = useMapKit();
  const data = useMemo(() => routeFeatures(segments, dailyLimitMinutes), [segments, dailyLimitMinutes]);
  return (
    <Source id="trip-route" type="geojson" data={data}>
      <Layer
        id="trip-route-line"
        type="line"
        filter={['!=', ['get', 'kind'], 'pending']}
        layout={{ 'line-join': 'round', 'line-cap': 'round' }}
        paint={{
          'line-color': ['case', overLimit, OVER_LIMIT_COLOUR, ROUTE_COLOUR],
          'line-width': ['case', overLimit, 6, 4],
          // An estimate is a guess at the road, drawn lighter than the road itself.
          'line-opacity': ['match', ['get', 'kind'], 'estimate', 0.6, 0.85],
        }}
      />
      <Layer
        id="trip-route-pending"
        type="line"
        filter={['==', ['get', 'kind'], 'pending']}
        paint={{ 'line-color': ROUTE_COLOUR, 'line-width': 3, 'line-opacity': 0.7, 'line-dasharray': [2, 2] }}
      />
    </Source>
  );
});
